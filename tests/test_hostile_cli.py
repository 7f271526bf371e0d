"""Hostile input to the command line (issue 9): no hang, no traceback, no
damaged file, no silent wrong answer.  One test (or one parametrized case)
per way it broke."""

from __future__ import annotations

import contextlib
import errno
import io
import json
import os
import signal
import stat
import subprocess
import sys
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardtext import canonical, cli, console, files
from cardtext.cli import main
from cardtext.grammar import ast as A
from cardtext.grammar.errors import Location
from cardtext.library import JsonCardError, LibraryError, find_files, json_card_text, scan_jsonl

REPO = Path(__file__).resolve().parents[1]
ROOT_USER = hasattr(os, "geteuid") and os.geteuid() == 0

SHOCK = "Shock {R}\nInstant\nShock deals 2 damage to any target.\n"
SHOCK_LOOSE = SHOCK + "\n\n\n"  # fmt would take the extra blank lines away
BEARS = "Grizzly Bears {1}{G}\nCreature — Bear\n2/2\n"


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@contextlib.contextmanager
def deadline(seconds: float) -> Iterator[None]:
    """Fail (rather than hang the suite) if the block takes longer: a read
    that blocks on a FIFO is interrupted by the alarm."""
    if not hasattr(signal, "setitimer"):
        yield
        return

    def ring(signum: int, frame: object) -> None:
        raise TimeoutError(f"took more than {seconds} s: blocked or looping")

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def ascii_stdout() -> io.TextIOWrapper:
    return io.TextIOWrapper(io.BytesIO(), encoding="ascii")


def run_cli(*args: str, stdin: bytes | None = None, env: dict[str, str] | None = None,
            stdout: int | None = subprocess.PIPE, timeout: float = 120) -> subprocess.CompletedProcess[bytes]:  # fmt: skip
    """``python -m cardtext ARGS`` in a new process (for real streams and file descriptors)."""
    full_env = {**os.environ, **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "cardtext", *args], input=stdin, stdout=stdout, stderr=subprocess.PIPE,
        cwd=REPO, env=full_env, timeout=timeout, check=False,
    )  # fmt: skip


# --------------------------------------------------------------------------
# fmt: atomic writes, a failing file doesn't stop the run
# --------------------------------------------------------------------------


def three_files(tmp_path: Path) -> tuple[Path, Path, Path]:
    return (
        write(tmp_path, "a.card", SHOCK_LOOSE),
        write(tmp_path, "b.card", SHOCK_LOOSE),
        write(tmp_path, "c.card", SHOCK_LOOSE),
    )


def test_fmt_replace_failing_leaves_the_file_and_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    a, b, c = three_files(tmp_path)
    real_replace = os.replace

    def replace(src: str, dst: str | Path) -> None:
        if Path(dst).name == "b.card":
            raise OSError(errno.ENOSPC, "No space left on device")
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", replace)
    assert main(["fmt", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert f"{b}: error: can't write: No space left on device; the file is as it was" in err
    assert err.splitlines()[-1] == "3 files: 2 reformatted, 1 failed (not changed)"
    assert a.read_text(encoding="utf-8") == SHOCK
    assert b.read_text(encoding="utf-8") == SHOCK_LOOSE  # byte for byte as it was
    assert c.read_text(encoding="utf-8") == SHOCK
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.card", "b.card", "c.card"]  # no temp file left


def test_fmt_write_failing_halfway_never_cuts_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The disk fills while the new text is written: the old file stays whole."""
    path = write(tmp_path, "a.card", SHOCK_LOOSE)
    real_fdopen = os.fdopen

    class FullDisk(io.TextIOWrapper):
        def write(self, text: str) -> int:
            super().write(text[: len(text) // 2])
            super().flush()
            raise OSError(errno.ENOSPC, "No space left on device")

    def fdopen(fd: int, *args: object, **kwargs: object) -> io.TextIOWrapper:
        raw = real_fdopen(fd, "wb")
        return FullDisk(raw, encoding="utf-8", newline="\n")

    monkeypatch.setattr(os, "fdopen", fdopen)
    assert main(["fmt", str(path)]) == 1
    err = capsys.readouterr().err
    assert "No space left on device; the file is as it was" in err
    assert err.splitlines()[-1] == "1 file: 1 failed (not changed)"
    assert path.read_text(encoding="utf-8") == SHOCK_LOOSE
    assert [p.name for p in tmp_path.iterdir()] == ["a.card"]


def test_fmt_read_only_folder_fake(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    a, b, c = three_files(tmp_path)

    def mkstemp(*args: object, **kwargs: object) -> tuple[int, str]:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(files.tempfile, "mkstemp", mkstemp)
    assert main(["fmt", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err.count("can't write: Permission denied; the file is as it was") == 3
    assert err.splitlines()[-1] == "3 files: 3 failed (not changed)"
    assert all(p.read_text(encoding="utf-8") == SHOCK_LOOSE for p in (a, b, c))


@pytest.mark.skipif(ROOT_USER or sys.platform == "win32", reason="root writes into read-only folders")
def test_fmt_read_only_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "ro"
    path = write(folder, "a.card", SHOCK_LOOSE)
    folder.chmod(0o555)
    try:
        assert main(["fmt", str(folder)]) == 1
    finally:
        folder.chmod(0o755)
    err = capsys.readouterr().err
    assert "can't write: Permission denied" in err
    assert path.read_text(encoding="utf-8") == SHOCK_LOOSE


@pytest.mark.skipif(sys.platform == "win32", reason="RLIMIT_FSIZE is POSIX")
def test_fmt_file_size_limit_efbig_keeps_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A real EFBIG (a file-size limit, which holds for root too; Python ignores SIGXFSZ)."""
    import resource

    small = write(tmp_path, "small.card", SHOCK + "\n\n")
    long_text = "# " + "x" * 3000 + "\n" + SHOCK + "\n\n"
    big = write(tmp_path, "big.card", long_text)
    limits = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (1000, limits[1]))
    try:
        status = main(["fmt", str(tmp_path)])
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, limits)
    err = capsys.readouterr().err
    assert status == 1
    assert f"{big}: error: can't write: File too large; the file is as it was" in err
    assert err.splitlines()[-1] == "2 files: 1 reformatted, 1 failed (not changed)"
    assert big.read_text(encoding="utf-8") == long_text
    assert small.read_text(encoding="utf-8") == SHOCK
    assert sorted(p.name for p in tmp_path.iterdir()) == ["big.card", "small.card"]


def test_fmt_keeps_permissions_and_follows_a_link(tmp_path: Path) -> None:
    real = write(tmp_path, "real.card", SHOCK_LOOSE)
    real.chmod(0o640)
    link = tmp_path / "link.card"
    link.symlink_to(real.name)
    assert main(["fmt", str(link)]) == 0
    assert link.is_symlink() and link.read_text(encoding="utf-8") == SHOCK
    assert stat.S_IMODE(real.stat().st_mode) == 0o640


def test_fmt_summary_counts_each_kind(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(tmp_path, "loose.card", SHOCK_LOOSE)
    write(tmp_path, "clean.card", SHOCK)
    write(tmp_path, "bad.card", "Grizzly Bears {1}{G}\nCreature — Bear\n")
    (tmp_path / "latin1.card").write_bytes("Caf\xe9 {R}\nInstant\n".encode("latin-1"))
    assert main(["fmt", str(tmp_path)]) == 1
    assert capsys.readouterr().err.splitlines()[-1] == (
        "4 files: 1 reformatted, 1 unchanged, 1 with errors (not changed), 1 failed (not changed)"
    )


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_fmt_refuses_a_fifo_named_on_its_own(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fifo = tmp_path / "pipe.card"
    os.mkfifo(fifo)
    with deadline(20):
        assert main(["fmt", str(fifo)]) == 1
    assert "not a regular file, so not rewritten" in capsys.readouterr().err
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


# --------------------------------------------------------------------------
# Folders: regular files only, links followed once, unreadable folders reported
# --------------------------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_check_skips_a_fifo_and_a_device_link_in_a_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shock = write(tmp_path, "shock.card", SHOCK)
    os.mkfifo(tmp_path / "pipe.card")  # reading it would block
    (tmp_path / "zero.card").symlink_to("/dev/zero")  # reading it would never end
    assert list(find_files([tmp_path])) == [shock]
    with deadline(20):
        assert main(["check", str(tmp_path)]) == 0
        assert main(["fmt", "--check", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[-1] == "checked 1 card in 1 file: 0 errors"


def test_check_refuses_a_device_named_on_its_own(capsys: pytest.CaptureFixture[str]) -> None:
    with deadline(20):
        assert main(["check", "/dev/zero"]) == 1
    assert "/dev/zero: error: can't read: not a regular file" in capsys.readouterr().out


@pytest.mark.parametrize("target", ["/dev/zero", "."])
def test_coverage_refuses_a_device_or_a_folder(target: str, capsys: pytest.CaptureFixture[str]) -> None:
    with deadline(20):
        assert main(["coverage", target]) == 1
    assert f"{target}: error: can't read: " in capsys.readouterr().err


def test_check_follows_a_folder_link_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cards = tmp_path / "cards"
    write(cards, "shock.card", SHOCK)
    write(tmp_path / "elsewhere", "bears.card", BEARS)
    (cards / "linked").symlink_to(tmp_path / "elsewhere")  # followed
    (cards / "loop").symlink_to(cards)  # a loop: not walked again
    (cards / "linked" / "back").symlink_to(cards)
    assert main(["check", str(cards)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "checked 2 cards in 2 files: 0 errors"
    found = list(find_files([cards]))
    assert found == [cards / "linked" / "bears.card", cards / "shock.card"]


def test_check_a_link_loop_named_on_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "a.card").symlink_to("b.card")
    (tmp_path / "b.card").symlink_to("a.card")
    assert main(["check", str(tmp_path / "a.card")]) == 1
    out = capsys.readouterr().out
    assert f"{tmp_path / 'a.card'}: error: can't read: a loop of symbolic links" in out


def test_check_an_unreadable_subfolder_is_an_error_fake(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    write(tmp_path, "shock.card", SHOCK)
    locked = tmp_path / "locked"
    write(locked, "bears.card", BEARS)
    real_scandir = os.scandir

    def scandir(path: str | Path) -> object:
        if Path(path) == locked:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    assert main(["check", str(tmp_path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert f"{locked}: error: can't read folder: Permission denied" in out
    assert out[-1] == "checked 1 card in 1 file: 1 error"


@pytest.mark.skipif(ROOT_USER or sys.platform == "win32", reason="root reads any folder")
def test_check_an_unreadable_subfolder_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(tmp_path, "shock.card", SHOCK)
    locked = tmp_path / "locked"
    write(locked, "bears.card", BEARS)
    locked.chmod(0)
    try:
        assert main(["check", str(tmp_path)]) == 1
    finally:
        locked.chmod(0o755)
    assert "can't read folder: Permission denied" in capsys.readouterr().out


# --------------------------------------------------------------------------
# Standard input, file names and output that can't be written
# --------------------------------------------------------------------------


def test_undecodable_standard_input_is_a_message() -> None:
    proc = run_cli("parse", "-", stdin=b"Shock {R}\nInstant\n\xff\xfe deals\n", env={"LC_ALL": "C.UTF-8"})
    assert proc.returncode == 1
    assert proc.stderr.decode() == "<stdin>: error: not UTF-8 text (invalid start byte at byte 18)\n"
    assert proc.stdout == b""


@pytest.mark.parametrize("command", ["parse", "fmt"])
def test_undecodable_standard_input_in_process(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"Shock {R}\n\xc3\x28"), encoding="utf-8"))
    assert main([command, "-"]) == 1
    captured = capsys.readouterr()
    assert captured.err == "<stdin>: error: not UTF-8 text (invalid continuation byte at byte 10)\n"
    assert captured.out == ""


@pytest.mark.skipif(sys.platform in ("darwin", "win32"), reason="file names must be valid Unicode there")
def test_a_file_name_with_undecodable_bytes_gives_valid_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    name = os.fsdecode(b"bad\xff.card")
    path = tmp_path / name
    path.write_text(SHOCK, encoding="utf-8")
    assert main(["parse", "--json", str(path)]) == 0
    out = capsys.readouterr().out
    out.encode("utf-8")  # no lone surrogate: the output is valid UTF-8
    (document,) = json.loads(out)
    assert document["file"].endswith("bad\ufffd.card")


@pytest.mark.skipif(sys.platform in ("darwin", "win32"), reason="file names must be valid Unicode there")
def test_a_file_name_with_undecodable_bytes_in_a_new_process(tmp_path: Path) -> None:
    raw = os.fsencode(tmp_path) + b"/bad\xff.card"
    with open(raw, "w", encoding="utf-8") as f:
        f.write("Shock {R}\nInstant\nShock deals 2 damage to any targe.\n")
    proc = run_cli("parse", "--json", os.fsdecode(raw), env={"LC_ALL": "C.UTF-8"})
    assert proc.returncode == 1
    (document,) = json.loads(proc.stdout.decode("utf-8"))
    assert document["errors"][0]["file"].endswith("bad\ufffd.card")
    assert b"Traceback" not in proc.stderr


def test_output_to_an_ascii_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    out = ascii_stdout()
    monkeypatch.setattr(sys, "stdout", out)
    assert main(["play"]) == 0
    text = out.buffer.getvalue().decode("ascii")  # type: ignore[attr-defined]
    assert "Forest -> {G}" in text and "PASS " in text and " -- " in text


def test_json_output_to_a_latin1_terminal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = write(tmp_path, "caf\u00e9 \u2014 \u2192.card", BEARS)
    out = io.TextIOWrapper(io.BytesIO(), encoding="latin-1")
    monkeypatch.setattr(sys, "stdout", out)
    assert main(["parse", "--json", str(path)]) == 0
    (document,) = json.loads(out.buffer.getvalue().decode("latin-1"))  # type: ignore[attr-defined]
    assert document["file"] == str(path)  # \u escapes: nothing replaced by '?'


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
def test_writing_to_a_full_device() -> None:
    """``cardtext check x >/dev/full``, in a new process: the message, exit 1,
    and nothing more as Python exits with text still in the buffer."""
    with open("/dev/full", "wb") as full:
        proc = run_cli("check", "cardtext/cards", stdout=full.fileno())
    assert proc.returncode == 1
    assert proc.stderr.decode() == "cardtext check: error: can't write to standard output: No space left on device\n"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
@pytest.mark.parametrize(
    "args", [["check", "cardtext/cards"], ["parse", "cardtext/cards/seed.card"], ["parse", "--json", "-"],
             ["fmt", "-"], ["play"], ["coverage", "tests/data/cards.jsonl"]],
)  # fmt: skip
def test_every_command_writing_to_a_full_device(
    args: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(SHOCK))
    with open("/dev/full", "w", encoding="utf-8") as full:
        monkeypatch.setattr(sys, "stdout", full)
        assert main(args) == 1
        monkeypatch.undo()
    assert capsys.readouterr().err.endswith(
        f"cardtext {args[0]}: error: can't write to standard output: No space left on device\n"
    )


def test_an_output_error_in_process(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    class Full(io.StringIO):
        def write(self, text: str) -> int:
            raise OSError(errno.ENOSPC, "No space left on device")

        def fileno(self) -> int:
            raise io.UnsupportedOperation("no file descriptor")

    monkeypatch.setattr(sys, "stdout", Full())
    assert main(["check", "cardtext/cards"]) == 1
    assert "can't write to standard output: No space left on device" in capsys.readouterr().err


# --------------------------------------------------------------------------
# coverage: a bad line is a located error, and the count goes on
# --------------------------------------------------------------------------

GOOD_LINE = json.dumps({"name": "Shock", "mana_cost": "{R}", "type_line": "Instant",
                        "oracle_text": "Shock deals 2 damage to any target."}).encode()  # fmt: skip


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (b'{"name": "Shock", "type_line": "Instant", "oracle_text": 5}', "'oracle_text' of Shock is a number, not text"),
        (b'{"name": "Caf\xe9", "type_line": "Instant"}', "not UTF-8 text (invalid continuation byte)"),
        (b"[" * 100_000 + b"]" * 100_000, "JSON nested too deeply to be a card"),
        (b'{"name": "\\ud800", "type_line": "Instant"}', "'name' of the card holds a lone surrogate"),
        (b'{"name": "Big", "type_line": "Creature", "power": ' + b"9" * 5000 + b"}", "a number too long to read"),
        (b"[1, 2]", "expected a card (a JSON object), found a list"),
        (b'{"mana_cost": "{R}"}', "the card has no 'name'"),
        (b'{"name": 7}', "'name' of the card is a number, not text"),
        (b'{"name": "Faces", "card_faces": [1]}', "face 1 of Faces is a number, not an object"),
        (b'{"name": "Faces", "card_faces": "no"}', "'card_faces' of Faces is text, not a list of faces"),
        (b'{"name": "P", "type_line": "Creature", "power": true, "toughness": "2"}', "'power' of P is true, not a number or text"),
        (b"{oops", "not valid JSON: expecting property name enclosed in double quotes"),
    ],
)
def test_coverage_bad_line_is_located_and_the_run_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], line: bytes, message: str
) -> None:
    path = tmp_path / "cards.jsonl"
    other = GOOD_LINE.replace(b"Shock", b"Jolt")
    path.write_bytes(GOOD_LINE + b"\n" + line + b"\n" + other + b"\n")
    assert main(["coverage", str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.err.startswith(f"{path}:2:")
    assert f"error: not a card object: {message}" in captured.err.splitlines()[0]
    for internal in ("Traceback", "KeyError", "TypeError", "ValueError", "RecursionError", "dict", "str'"):
        assert internal not in captured.err + captured.out
    lines = captured.out.splitlines()
    assert any(line.split() == ["unreadable", "1", "33.3%"] for line in lines)
    assert lines[-1] == f"{path}: 2 of 3 cards ok (66.7%)"


def test_coverage_reads_a_line_with_a_line_separator_in_a_string(tmp_path: Path) -> None:
    """U+2028 and U+0085 are not line ends in a JSON-lines file (editors agree)."""
    card = {"name": "Odd", "type_line": "Instant", "oracle_text": "Draw a card.\u2028\u0085\x0c"}
    path = tmp_path / "cards.jsonl"
    path.write_text(json.dumps(card, ensure_ascii=False) + "\r\n" + GOOD_LINE.decode() + "\n", encoding="utf-8")
    scan = scan_jsonl(path)
    assert scan.errors == []
    assert [(c.name, c.line) for c in scan.cards] == [("Odd", 1), ("Shock", 2)]


def test_coverage_a_byte_order_mark_before_the_first_line(tmp_path: Path) -> None:
    path = tmp_path / "cards.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + GOOD_LINE + b"\n")
    assert [c.name for c in scan_jsonl(path).cards] == ["Shock"]


def test_json_card_text_takes_whole_numbers_for_power() -> None:
    obj = {"name": "Bear", "type_line": "Creature — Bear", "power": 2, "toughness": 2}
    assert json_card_text(obj).endswith("\n2/2")
    with pytest.raises(JsonCardError, match="'toughness' of Bear is a list"):
        json_card_text({**obj, "toughness": [2]})


# --------------------------------------------------------------------------
# Messages: long source lines, invisible characters
# --------------------------------------------------------------------------


def test_a_long_source_line_is_shortened_around_the_error() -> None:
    line = "a" * 500 + "HERE" + "b" * 500
    error = LibraryError("bad", Location("f.jsonl", 3, 501, line), text="HERE")
    text = error.format()
    first, shown, caret = text.splitlines()[:3]
    assert first == "f.jsonl:3:501: error: bad"
    assert len(shown) <= 4 + console.MAX_SOURCE_WIDTH
    assert shown.startswith("    \u2026") and shown.endswith("\u2026")
    assert shown[caret.index("^") : caret.index("^") + 4] == "HERE"


def test_a_short_source_line_is_shown_whole() -> None:
    assert console.fit_source_line("short", 3) == ("short", 3)
    line = "x" * 300
    shown, column = console.fit_source_line(line, 1)
    assert column == 1 and shown.endswith("\u2026") and len(shown) <= console.MAX_SOURCE_WIDTH
    shown, column = console.fit_source_line(line, 300)
    assert shown.startswith("\u2026") and shown[column - 1] == "x" and column == len(shown)


def test_nul_and_no_break_space_are_shown_visibly() -> None:
    assert console.visible("a\x00b\u00a0c\td") == "a\u2400b\u237dc\td"
    error = LibraryError("bad", Location("f", 1, 3, 'x\x00"y\u00a0'))
    assert '    x\u2400"y\u237d' in error.format().splitlines()


def test_undecodable_names_are_shown_as_replacement_characters() -> None:
    assert console.display_name(os.fsdecode(b"a\xff.card")) == "a\ufffd.card"
    assert console.display_name("plain.card") == "plain.card"


def test_the_fallback_error_handler_writes_ascii_look_alikes() -> None:
    stream = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    console.setup_streams(stream)
    stream.write("Creature \u2014 Bear; Forest \u2192 {G}; \u2603\n")
    stream.flush()
    assert stream.buffer.getvalue() == b"Creature -- Bear; Forest -> {G}; ?\n"  # type: ignore[attr-defined]


def test_a_search_for_card_files_skips_tool_folders_and_stops_at_a_whole_disk(tmp_path: Path) -> None:
    """Fuzzing: a scenario's `cards = ["/"]` searched the whole file system.
    Hidden folders and tool folders aren't searched (as formatters and
    linters do); more than MAX_FOLDERS folders is an error naming the folder."""
    from cardtext.library import MAX_FOLDERS, PathError, find_files

    (tmp_path / "set.card").write_text("Shock {R}\nInstant\nShock deals 2 damage to any target.\n", encoding="utf-8")
    for hidden in (".venv", "node_modules", ".git"):
        (tmp_path / hidden).mkdir()
        (tmp_path / hidden / "tool.card").write_text("not a card\n", encoding="utf-8")
    assert list(find_files([tmp_path])) == [tmp_path / "set.card"]
    deep = tmp_path / "deep"
    for i in range(MAX_FOLDERS + 1):
        (deep / f"f{i}").mkdir(parents=True)
    (found,) = [x for x in find_files([deep]) if isinstance(x, PathError)]
    assert "more than 1,000 folders" in str(found) and str(deep) in str(found)


# --------------------------------------------------------------------------
# fmt, round 2: never lose an edit, keep links and permissions, name the card
# --------------------------------------------------------------------------


def test_fmt_refuses_a_file_changed_while_it_ran(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """An editor saves (a card appended) while fmt works: the file keeps the
    editor's text, and fmt says it did not rewrite it."""
    path = write(tmp_path, "a.card", SHOCK_LOOSE)
    real = cli.format_keeping

    def slow_format(text: str, filename: str = "<string>") -> tuple[str, list[cli.Unstable]]:
        result = real(text, filename)
        with open(path, "a", encoding="utf-8") as f:  # the save, halfway through the run
            f.write(BEARS)
        return result

    monkeypatch.setattr(cli, "format_keeping", slow_format)
    assert main(["fmt", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{path}: error: changed while cardtext was working on it" in err
    assert err.splitlines()[-1] == "1 file: 1 failed (not changed)"
    assert path.read_text(encoding="utf-8") == SHOCK_LOOSE + BEARS
    assert [p.name for p in tmp_path.iterdir()] == ["a.card"]


def test_fmt_refuses_a_same_size_edit_with_the_same_mtime(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Size and time can't tell every edit: the content is compared too."""
    path = write(tmp_path, "a.card", SHOCK_LOOSE)
    real = cli.format_keeping

    def edit(text: str, filename: str = "<string>") -> tuple[str, list[cli.Unstable]]:
        result = real(text, filename)
        before = os.stat(path)
        path.write_text(SHOCK_LOOSE.replace("Shock deals", "Shock hurts"[:11]), encoding="utf-8")
        os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
        return result

    monkeypatch.setattr(cli, "format_keeping", edit)
    assert main(["fmt", str(path)]) == 1
    assert "Shock hurts" in path.read_text(encoding="utf-8")


def test_fmt_writes_a_hard_linked_file_in_place(tmp_path: Path) -> None:
    path = write(tmp_path, "a.card", SHOCK_LOOSE)
    other = tmp_path / "b.card"
    os.link(path, other)
    assert main(["fmt", str(path)]) == 0
    assert os.stat(path).st_nlink == 2 and os.path.samefile(path, other)
    assert other.read_text(encoding="utf-8") == SHOCK
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.card", "b.card"]


def test_fmt_refuses_a_read_only_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Mode 444 means "don't change me", even for root (as editors do)."""
    path = write(tmp_path, "a.card", SHOCK_LOOSE)
    os.chmod(path, 0o444)
    assert main(["fmt", str(path)]) == 1
    err = capsys.readouterr().err
    assert "can't write: the file is read-only; the file is as it was" in err
    assert "reformatted" not in err.replace("1 failed", "")
    assert path.read_text(encoding="utf-8") == SHOCK_LOOSE
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o444


def test_fmt_interrupted_by_sigterm_leaves_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write(tmp_path, "a.card", SHOCK_LOOSE)
    real_fsync = os.fsync

    def fsync_then_killed(fd: int) -> None:
        real_fsync(fd)
        os.kill(os.getpid(), signal.SIGTERM)

    monkeypatch.setattr(os, "fsync", fsync_then_killed)
    with pytest.raises(SystemExit) as ended:
        main(["fmt", str(path)])
    assert ended.value.code == 128 + signal.SIGTERM
    assert [p.name for p in tmp_path.iterdir()] == ["a.card"]
    assert path.read_text(encoding="utf-8") == SHOCK_LOOSE
    assert signal.getsignal(signal.SIGTERM) == signal.SIG_DFL


def test_fmt_names_the_card_it_cant_write_back_and_formats_the_rest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """One card of many whose canonical text would change its meaning: that
    card stays as written, named at its line; the others are formatted."""
    import cardtext.grammar.render as render

    real = render.render_card

    def broken(card: A.Card, **kw: object) -> str:
        out = real(card, **kw)  # type: ignore[arg-type]
        return out.replace("2 damage", "3 damage") if card.name == "Shock" else out

    monkeypatch.setattr(render, "render_card", broken)
    monkeypatch.setattr(canonical, "render_card", broken)
    loose_bears = BEARS.replace("Creature — Bear", "Creature -- Bear")
    path = write(tmp_path, "many.card", loose_bears + "\n" + SHOCK + "\n" + loose_bears.replace("Grizzly", "Other"))
    assert main(["fmt", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{path}:5:1: error: Shock: the canonical text would not parse back to the same card" in err
    assert err.splitlines()[-1] == "1 file: 1 reformatted; 1 card left as written"
    text = path.read_text(encoding="utf-8")
    assert "Shock deals 2 damage" in text and "--" not in text


# --------------------------------------------------------------------------
# Card data of the wrong shape, round 2: named, never a crash or a silent drop
# --------------------------------------------------------------------------

MTGJSON = {
    "data": {
        "Shock": [{"name": "Shock", "type": "Instant", "manaCost": "{R}", "printings": "KTK",
                   "text": "Shock deals 2 damage to any target."}],
        "Odd": [{"name": "Odd", "type": "Instant", "text": "Draw a card.", "printings": 5}],
        "Str": ["just a string"],
        "Fire // Ice": [
            {"name": "Fire // Ice", "faceName": "Fire", "side": "a", "type": "Instant", "manaCost": "{1}{R}",
             "text": "Fire deals 2 damage divided as you choose among one or two targets."},
            {"name": "Fire // Ice", "side": "b", "type": "Instant", "manaCost": "{1}{U}",
             "text": "Tap target permanent."},
        ],
    }
}  # fmt: skip


def test_mtgjson_printings_as_one_string_is_one_set_code(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "atomic.json", json.dumps(MTGJSON))
    assert main(["import", str(path), "--set", "K"]) == 1  # not read letter by letter
    assert "no card of" in capsys.readouterr().err
    assert main(["import", str(path), "--set", "ktk"]) == 0
    assert capsys.readouterr().out.count("Shock {R}") == 1


def test_mtgjson_faces_of_the_wrong_shape_are_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A face given as a string, a second face without faceName: left out and
    said so (exit 1), where they were dropped without a word; printings: 5 is
    no TypeError."""
    path = write(tmp_path, "atomic.json", json.dumps(MTGJSON))
    assert main(["import", str(path), "--name", "*"]) == 1
    captured = capsys.readouterr()
    assert "import: Str: left out: face 1 of Str is text, not an object" in captured.err
    assert "import: Fire // Ice: left out: face 2 of Fire // Ice has no 'faceName'" in captured.err
    assert captured.err.splitlines()[-1].endswith("imported 2 cards from " + f"{path} (MTGJSON AtomicCards); 2 cards left out (not card data)")
    assert "Odd\nInstant\nDraw a card." in captured.out
    assert main(["coverage", "--json", str(path)]) == 0
    cards = {c["name"]: c for c in json.loads(capsys.readouterr().out)["cards"]}
    assert cards["Str"]["status"] == cards["Fire // Ice"]["status"] == "unreadable"


def test_scryfall_bulk_fields_of_the_wrong_type_are_unreadable_not_bugs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """As in JSON lines: `text: 5`, `power: {}` and a lone surrogate in a name
    are 'unreadable' cards (not internal errors), printed as valid text."""
    bulk = (
        '[{"object": "card", "name": "Good", "type_line": "Instant", "oracle_text": "Draw a card."},'
        ' {"object": "card", "name": "Bad\\ud800name", "type_line": "Instant", "oracle_text": "Draw a card."},'
        ' {"object": "card", "name": "Five", "type_line": "Instant", "oracle_text": 5},'
        ' {"object": "card", "name": "Pow", "type_line": "Creature — Bear", "power": {}, "toughness": "2"}]'
    )
    path = write(tmp_path, "bulk.json", bulk)
    for args in (["coverage", "-v", str(path)], ["coverage", "--json", str(path)]):
        done = run_cli(*args, env={"PYTHONIOENCODING": "utf-8"})
        assert done.returncode == 0, done.stderr.decode()
        out = done.stdout.decode("utf-8")
        assert "internal-error: " not in out and '"internal-error": 1' not in out
    summary = json.loads(out)["summary"]
    assert summary["by_status"]["unreadable"] == 3 and summary["by_status"]["internal-error"] == 0
    assert "Bad\ufffdname" in out


# --------------------------------------------------------------------------
# Names, round 2: one name one card, no hidden characters, escapes shown
# --------------------------------------------------------------------------

SHOCK5 = SHOCK.replace("2 damage", "5 damage")


def test_a_name_defined_twice_in_a_file_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from cardtext.document import Document

    text = SHOCK + "\n" + SHOCK5
    path = write(tmp_path, "two.card", text)
    assert main(["check", str(path)]) == 1
    err = capsys.readouterr().out
    assert f"{path}:5:1: error: 'Shock' is defined twice in this file (first at line 1)" in err
    (found,) = Document(str(path)).update(text)
    assert found.code == "DuplicateName" and found.range.line == 4


def scenario_with(tmp_path: Path, cards: list[str], life: int | None = None) -> Path:
    expect = f'[[expect]]\nplayer = "B"\nlife = {life}\n' if life is not None else ""
    text = (f"cards = {json.dumps(cards)}\n[players.A]\nbattlefield = [\"Mountain\"]\nhand = [\"Shock\"]\n"
            f"[players.B]\n[[steps]]\ncast = \"Shock\"\ntargets = [\"B\"]\n[[steps]]\nresolve = \"all\"\n{expect}")  # fmt: skip
    return write(tmp_path, "s.toml", text)


def test_two_cards_of_one_name_across_a_scenarios_files_are_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Which of the two played depended on the order of 'cards' (5 or 2 damage)."""
    from cardtext.scenario import play_main

    write(tmp_path, "a.card", SHOCK)
    write(tmp_path, "b.card", SHOCK5)
    for cards in (["a.card", "b.card"], ["b.card", "a.card"]):
        assert play_main([str(scenario_with(tmp_path, cards, 18))], quiet=True, interactive=False) == 2
        assert "two different cards are named 'Shock'" in capsys.readouterr().err
    write(tmp_path, "c.card", SHOCK + "\n" + SHOCK5)
    assert play_main([str(scenario_with(tmp_path, ["c.card"], 18))], quiet=True, interactive=False) == 2
    assert "two different cards are named 'Shock': twice in" in capsys.readouterr().err
    write(tmp_path, "d.card", SHOCK)  # the same card in two files is one card
    assert play_main([str(scenario_with(tmp_path, ["a.card", "d.card"], 18))], quiet=True, interactive=False) == 0


def test_a_card_replacing_a_bundled_one_is_a_warning(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from cardtext.scenario import play_main

    write(tmp_path, "a.card", SHOCK)
    write(tmp_path, "m.card", "Mountain\nBasic Land — Mountain\n{T}: Add {R}{R}.\n")
    assert play_main([str(scenario_with(tmp_path, ["m.card", "a.card"], 18))], quiet=True, interactive=False) == 0
    assert "warning: the card 'Mountain' of" in capsys.readouterr().err


@pytest.mark.parametrize("hidden", ["\u202e", "\x00", "\x1b", "\u200b", "\x9b"])
def test_a_card_name_with_a_hidden_character_is_an_error(
    tmp_path: Path, hidden: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Refused in names as in rules text: a name that shows as "Shock" must be Shock."""
    path = write(tmp_path, "x.card", SHOCK.replace("Shock {R}", f"Sh{hidden}ock {{R}}", 1))
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert f":1:3: error: a card name can't hold U+{ord(hidden):04X}" in out
    assert hidden not in out  # shown as a symbol, not written to the terminal


def test_escape_sequences_from_files_are_shown_not_obeyed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A file can't clear the screen or print a fake PASS through check, coverage -v or play."""
    from cardtext.scenario import play_main

    clear = "\x1b[2J\x1b[H"
    path = write(tmp_path, "x.card", SHOCK.replace("any target", f"any{clear} target"))
    main(["check", str(path)])
    assert "\x1b" not in capsys.readouterr().out
    line = json.dumps({"name": f"Zap{clear}PASS", "type_line": "Instant", "oracle_text": f"Draw{clear} a card."})
    data = write(tmp_path, "cards.jsonl", line + "\n")
    assert main(["coverage", "-v", str(data)]) == 0
    assert "\x1b" not in capsys.readouterr().out
    write(tmp_path, "a.card", SHOCK)
    toml_clear = "\\u001b[2J\\u001b[H"  # TOML's escape: the description holds the real ESC
    scenario = write(tmp_path, "e.toml", f'description = "fine{toml_clear}PASS"\ncards = ["a.card"]\n[players.A]\n[players.B]\n')
    play_main([str(scenario)], quiet=False, interactive=False)
    captured = capsys.readouterr()
    assert "\x1b" not in captured.out + captured.err and "fine␛[2J␛[HPASS" in captured.out


def test_a_look_alike_name_names_the_code_point(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A Cyrillic "о" in a card file's name: the suggestion says which character differs."""
    from cardtext.scenario import play_main

    write(tmp_path, "a.card", SHOCK.replace("Shock", "Sh\u043eck"))
    assert play_main([str(scenario_with(tmp_path, ["a.card"]))], quiet=True, interactive=False) == 2
    err = capsys.readouterr().err
    assert "unknown card 'Shock'" in err and "U+043E (CYRILLIC SMALL LETTER O)" in err


def test_names_and_text_are_read_in_composed_form(tmp_path: Path) -> None:
    """"é" as one character and as "e" + a combining accent are one name (NFC)."""
    from cardtext.grammar.parser import parse_text

    composed = "Séance {2}{W}\nEnchantment\nDraw a card.\n"
    decomposed = unicodedata.normalize("NFD", composed)
    assert decomposed != composed
    assert parse_text(composed).cards == parse_text(decomposed).cards
    assert parse_text(decomposed).cards[0].name == "Séance"
