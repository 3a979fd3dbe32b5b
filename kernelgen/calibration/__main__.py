"""Print the cost model's calibration table (Markdown): python -m kernelgen.calibration"""
from . import calibrate, format_table

print(format_table(calibrate()))
