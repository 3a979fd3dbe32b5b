"""Every command has help with an example, and -h works (conventions: CLI hygiene)."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from kernelgen.cli import main


@pytest.mark.parametrize("name", sorted(main.commands))
def test_every_command_has_help_with_an_example(name):
    result = CliRunner().invoke(main, [name, "-h"])
    assert result.exit_code == 0, result.output
    assert "Example:" in result.output and "kernelgen " + name.split()[0] in result.output


def test_top_level_help_lists_exit_codes():
    result = CliRunner().invoke(main, ["-h"])
    assert result.exit_code == 0
    assert "Exit codes: 0 ok, 1 check failed" in result.output
    for name in main.commands:
        assert name in result.output
