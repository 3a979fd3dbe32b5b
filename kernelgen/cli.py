"""The command line: parses options, calls the library, turns KernelgenError into exit codes.

Only this module imports click; the library never prints or exits.
"""
from __future__ import annotations

import sys
from pathlib import Path

import click

from . import __version__
from .errors import EXIT_CHECK_FAILED, KernelgenError

CONTEXT = {"help_option_names": ["-h", "--help"]}


def _fail(exc: KernelgenError) -> None:
    click.echo(f"kernelgen: error: {exc}", err=True)
    sys.exit(exc.exit_code)


class KernelgenGroup(click.Group):
    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except KernelgenError as exc:
            _fail(exc)


@click.group(cls=KernelgenGroup, context_settings=CONTEXT)
@click.version_option(__version__, prog_name="kernelgen")
def main() -> None:
    """kernelgen: describe an Ascend C operator once; generate, emulate, verify and build it.

    Exit codes: 0 ok, 1 check failed (mismatch, defect, stale sources), 2 usage error, 3 toolchain missing.
    """


soc_option = click.option("--soc", "socs", multiple=True, metavar="SOC",
                          help="SOC family or SKU (repeatable); default: the spec's SOC list.")


@main.command(context_settings=CONTEXT)
@click.argument("op")
@soc_option
@click.option("-o", "--out", "out_dir", type=click.Path(path_type=Path), default=None,
              help="Output directory (default ./OP).")
@click.option("--sources-only", is_flag=True,
              help="Write only op_host/ and op_kernel/ (how the repository's committed copy is refreshed: -o .).")
@click.option("--check", is_flag=True,
              help="Compare the committed op_host/ and op_kernel/ (in --out, default .) with the spec; exit 1 if stale.")
def generate(op: str, socs: tuple[str, ...], out_dir: Path | None, sources_only: bool, check: bool) -> None:
    """Render OP's complete ops-nn source tree.

    Example: kernelgen generate gelu_grad --soc ascend910b --soc ascend310b -o out
    """
    from .ops import get_spec
    from .render import SOURCE_PARTS, check_tree, render_tree, resolve_socs, select_parts, write_tree

    spec = get_spec(op)
    files = render_tree(spec, resolve_socs(spec, socs))
    if check:
        root = out_dir or Path(".")
        problems = check_tree(files, root, SOURCE_PARTS)
        if problems:
            for line in problems[:20]:
                click.echo(line, err=True)
            click.echo(f"{len(problems)} file(s) differ from the spec; refresh with: kernelgen generate {spec.snake} --sources-only -o .",
                       err=True)
            sys.exit(EXIT_CHECK_FAILED)
        click.echo(f"{spec.snake}: op_host/ and op_kernel/ in {root} are fresh")
        return
    target = out_dir or Path(spec.snake)
    if sources_only:
        files = select_parts(files, SOURCE_PARTS)
    write_tree(files, target)
    click.echo(f"{spec.snake}: wrote {len(files)} files to {target}")
