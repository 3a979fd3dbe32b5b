"""python -m kernelgen.perf.calibration [--fit 0,1,5] [--json F]: fit the cost model on the declared published
cases, predict every case, print the Markdown table (and write the JSON)."""
from kernelgen.perf.calibration.report import main

main()
