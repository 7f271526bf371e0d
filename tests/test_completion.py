"""cardtext completion bash|zsh|fish: scripts written from the parser itself."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from cardtext import completion
from cardtext.cli import build_parser, main


def script(shell: str, capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["completion", shell]) == 0
    return capsys.readouterr().out


def bash_complete(source: Path, words: list[str], cwd: Path) -> list[str]:
    """What bash offers for the last of ``words`` (the word being typed)."""
    words_literal = " ".join(f"'{w}'" for w in words)
    program = (
        f"source '{source}'\n"
        f"COMP_WORDS=({words_literal}); COMP_CWORD={len(words) - 1}\n"
        "_cardtext\n"
        'printf "%s\\n" "${COMPREPLY[@]}"\n'
    )
    bash = shutil.which("bash")
    assert bash is not None
    proc = subprocess.run([bash, "--norc", "-c", program], capture_output=True, text=True, cwd=cwd, timeout=30)
    assert proc.returncode == 0, proc.stderr
    return [line for line in proc.stdout.splitlines() if line]


def test_bash_completes_commands_options_values_and_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "cardtext.bash"
    source.write_text(script("bash", capsys), encoding="utf-8")
    (tmp_path / "my.card").write_text("", encoding="utf-8")
    assert bash_complete(source, ["cardtext", "ch"], tmp_path) == ["check"]
    assert set(bash_complete(source, ["cardtext", ""], tmp_path)) >= {
        "parse", "check", "fmt", "coverage", "play", "import", "export", "lsp", "completion", "--color",
    }  # fmt: skip
    assert bash_complete(source, ["cardtext", "check", "--fo"], tmp_path) == ["--format"]
    assert bash_complete(source, ["cardtext", "check", "--format", ""], tmp_path) == ["text", "json", "github"]
    assert bash_complete(source, ["cardtext", "--color", "never", "fmt", "--ch"], tmp_path) == ["--check"]
    assert bash_complete(source, ["cardtext", "--color", "a"], tmp_path) == ["auto", "always"]
    assert bash_complete(source, ["cardtext", "check", "my"], tmp_path) == ["my.card"]
    assert bash_complete(source, ["cardtext", "export", "--format", "c"], tmp_path) == ["cockatrice"]


def test_every_command_and_option_is_in_each_script(capsys: pytest.CaptureFixture[str]) -> None:
    """The three scripts name every subcommand and every long option of the
    parser, so a new option is completed without touching them."""
    parser = build_parser()
    commands = completion.commands(parser)
    assert {c.name for c in commands} >= {"check", "fmt", "export", "completion"}
    for shell in completion.SHELLS:
        text = script(shell, capsys)
        for command in commands:
            assert command.name in text, (shell, command.name)
            for option in command.options:
                for name in option.names:
                    if name.startswith("--"):
                        shown = name if shell != "fish" else f"-l {name[2:]}"
                        assert shown in text, (shell, command.name, name)
    assert script("zsh", capsys).startswith("#compdef cardtext\n")
    assert "complete -c cardtext -n '__fish_seen_subcommand_from check' -l format -xa 'text json github'" in script(
        "fish", capsys
    )


def test_descriptions_carry_no_shell_syntax() -> None:
    assert completion._short("a [b]: 'c' $d (e)") == "a b c d"


def test_an_unknown_shell_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["completion", "tcsh"]) == 2
    assert "invalid choice: 'tcsh'" in capsys.readouterr().err
