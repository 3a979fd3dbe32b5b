from kernelgen.cli import main

main()
