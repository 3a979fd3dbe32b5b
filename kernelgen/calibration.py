"""`python -m kernelgen.calibration`, the command earlier releases documented: the calibration now lives in
kernelgen.perf.calibration."""
if __name__ == "__main__":
    import runpy

    runpy.run_module("kernelgen.perf.calibration", run_name="__main__")
