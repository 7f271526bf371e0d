"""``cardtext completion bash|zsh|fish``: a shell completion script.

The script is written from the command line's own parser, so it offers
every subcommand and every option as they are, the choices of an option
that has them (``--format text|json|github``), and file names where a
command takes files::

    cardtext completion bash > ~/.local/share/bash-completion/completions/cardtext
    cardtext completion zsh > "${fpath[1]}/_cardtext"
    cardtext completion fish > ~/.config/fish/completions/cardtext.fish
"""

from __future__ import annotations

import argparse
import re
from dataclasses import dataclass

SHELLS = ("bash", "zsh", "fish")


@dataclass(frozen=True)
class Option:
    names: tuple[str, ...]
    help: str
    choices: tuple[str, ...]  # the values it takes, if it names them
    takes_value: bool


@dataclass(frozen=True)
class Command:
    name: str
    help: str
    options: tuple[Option, ...]


def _short(text: str | None) -> str:
    """A help text as one short description: its first clause, without the
    characters the shells' completion syntaxes give a meaning."""
    text = (text or "").split(";")[0].split(" (")[0]
    text = re.sub(r"%\(\w+\)s", "", text)
    return re.sub(r"[\[\]:'\"`$\\]", "", " ".join(text.split()))[:70]


def _options(parser: argparse.ArgumentParser) -> tuple[Option, ...]:
    out = []
    for action in parser._actions:
        if not action.option_strings:
            continue
        choices = tuple(str(c) for c in action.choices) if action.choices else ()
        out.append(Option(tuple(action.option_strings), _short(action.help), choices, action.nargs != 0))
    return tuple(out)


def commands(parser: argparse.ArgumentParser) -> tuple[Command, ...]:
    """The subcommands of the ``cardtext`` parser, with their options."""
    out = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {a.dest: a.help for a in action._choices_actions}
            for name, sub in action.choices.items():
                out.append(Command(name, _short(helps.get(name)), _options(sub)))
    return tuple(out)


def _words(options: tuple[Option, ...]) -> str:
    return " ".join(name for option in options for name in option.names)


def bash(parser: argparse.ArgumentParser) -> str:
    subcommands = commands(parser)
    cases, values = [], []
    for command in subcommands:
        cases.append(f'        {command.name}) opts="{_words(command.options)}" ;;')
        for option in command.options:
            if option.choices:
                names = "|".join(f"{command.name}:{n}" for n in option.names)
                values.append(f'        {names}) COMPREPLY=($(compgen -W "{" ".join(option.choices)}" -- "$cur")); return ;;')
    top = _options(parser)
    names = " ".join(c.name for c in subcommands)
    return "\n".join([
        "# bash completion for cardtext (cardtext completion bash)",
        "_cardtext() {",
        '    local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"',
        '    local cmd="" i opts=""',
        "    for ((i = 1; i < COMP_CWORD; i++)); do",
        '        case "${COMP_WORDS[i]}" in',
        "            --color) ((i++)) ;;",
        "            -*) ;;",
        '            *) cmd="${COMP_WORDS[i]}"; break ;;',
        "        esac",
        "    done",
        '    if [[ -z "$cmd" ]]; then',
        '        if [[ "$prev" == --color ]]; then',
        '            COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return',
        "        fi",
        f'        COMPREPLY=($(compgen -W "{names} {_words(top)}" -- "$cur")); return',
        "    fi",
        '    case "$cmd:$prev" in',
        *values,
        "    esac",
        '    case "$cmd" in',
        *cases,
        "    esac",
        '    if [[ "$cur" == -* ]]; then',
        '        COMPREPLY=($(compgen -W "$opts" -- "$cur"))',
        "    else",
        '        COMPREPLY=($(compgen -f -- "$cur"))',
        "    fi",
        "}",
        "complete -o filenames -o bashdefault -F _cardtext cardtext",
        "",
    ])  # fmt: skip


def zsh(parser: argparse.ArgumentParser) -> str:
    lines = [
        "#compdef cardtext",
        "# zsh completion for cardtext (cardtext completion zsh)",
        "_cardtext() {",
        "  local -a commands",
        "  commands=(",
    ]
    subcommands = commands(parser)
    lines += [f"    '{c.name}:{c.help}'" for c in subcommands]
    lines += [
        "  )",
        '  local cmd="" w',
        "  local -i i at=0",
        "  for (( i = 2; i < CURRENT; i++ )); do",
        "    w=$words[i]",
        "    if [[ $w == --color ]]; then (( i++ )); continue; fi",
        "    if [[ $w != -* ]]; then cmd=$w; at=$i; break; fi",
        "  done",
        "  if [[ -z $cmd ]]; then",
        "    if [[ $words[CURRENT-1] == --color ]]; then _values 'when' auto always never; return; fi",
        "    _describe 'command' commands",
        "    return",
        "  fi",
        "  words=(${words[at,-1]})",
        "  (( CURRENT -= at - 1 ))",
        "  case $cmd in",
    ]
    for command in subcommands:
        specs = []
        for option in command.options:
            value = f":value:({' '.join(option.choices)})" if option.choices else (":value:" if option.takes_value else "")
            for name in option.names:
                specs.append(f"'{name}[{option.help}]{value}'")
        specs.append("'*:file:_files'")
        lines.append(f"    {command.name}) _arguments {' '.join(specs)} ;;")
    lines += ["  esac", "}", '_cardtext "$@"', ""]
    return "\n".join(lines)


def fish(parser: argparse.ArgumentParser) -> str:
    subcommands = commands(parser)
    names = " ".join(c.name for c in subcommands)
    lines = [
        "# fish completion for cardtext (cardtext completion fish)",
        "complete -c cardtext -f",
        f"complete -c cardtext -n 'not __fish_seen_subcommand_from {names}' -l color -xa 'auto always never' -d 'colour diagnostics'",
    ]  # fmt: skip
    for command in subcommands:
        lines.append(
            f"complete -c cardtext -n 'not __fish_seen_subcommand_from {names}' -a {command.name} -d '{command.help}'"
        )
        when = f"-n '__fish_seen_subcommand_from {command.name}'"
        lines.append(f"complete -c cardtext {when} -F")
        for option in command.options:
            flags = " ".join(f"-l {n[2:]}" if n.startswith("--") else f"-s {n[1:]}" for n in option.names)
            values = f" -xa '{' '.join(option.choices)}'" if option.choices else (" -r" if option.takes_value else "")
            lines.append(f"complete -c cardtext {when} {flags}{values} -d '{option.help}'")
    return "\n".join(lines) + "\n"


def script(shell: str, parser: argparse.ArgumentParser) -> str:
    return {"bash": bash, "zsh": zsh, "fish": fish}[shell](parser)


def add_command(sub: argparse._SubParsersAction, top: argparse.ArgumentParser) -> None:
    """Add ``completion`` to the subcommands of ``top``, the parser it completes."""
    p = sub.add_parser(
        "completion",
        help="print a shell completion script (bash, zsh or fish)",
        description=(__doc__ or "").split("\n\n")[1].replace("::", ":"),
        epilog="exit status: 0, 2 usage error",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("shell", choices=SHELLS, help="the shell to complete for")
    p.set_defaults(run=cmd_completion, top=top)


def cmd_completion(args: argparse.Namespace) -> int:
    from .common import OK, write_stdout

    write_stdout(script(args.shell, args.top))
    return OK
