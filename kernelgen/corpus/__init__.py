"""The corpus stage: run every operator directory of a CANN operator repository on the emulator (`kernelgen survey`)."""
