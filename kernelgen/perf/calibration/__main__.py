"""Print the cost model's calibration table (Markdown): python -m kernelgen.perf.calibration"""
from kernelgen.perf.calibration import calibrate, format_table

print(format_table(calibrate()))
