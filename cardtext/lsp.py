"""``cardtext lsp``: a Language Server Protocol server for card files, over stdio.

Built on pygls (``pip install 'cardtext[lsp]'``). It serves what
:mod:`cardtext.editing` computes:

* diagnostics when a document is opened, changed or saved: parse errors,
  link errors and warnings, each with its range;
* hover: the canonical wording of the line (with reminder text), the rules
  it involves, and the whole card as cardtext writes it;
* formatting: the document as ``cardtext fmt`` writes it;
* completion: keywords on ability lines, card types and subtypes on type lines;
* go to definition: from a linked reference ("the exiled card", "kicked with
  its {1}{U} kicker") to the ability it refers to.
"""

from __future__ import annotations

import argparse
from typing import Any

from . import editing

SERVER_NAME = "cardtext"


def build_server() -> Any:
    """The language server, with its features registered (needs pygls)."""
    from lsprotocol import types as T
    from pygls.lsp.server import LanguageServer

    from .cli import _version

    server = LanguageServer(
        SERVER_NAME, _version(), text_document_sync_kind=T.TextDocumentSyncKind.Full
    )

    def lsp_range(r: editing.Range) -> T.Range:
        return T.Range(T.Position(r.line, r.character), T.Position(r.end_line, r.end_character))

    def publish(uri: str) -> None:
        document = server.workspace.get_text_document(uri)
        found = editing.diagnostics(document.source, document.path or uri)
        items = [
            T.Diagnostic(
                range=lsp_range(d.range),
                message=d.message,
                severity=T.DiagnosticSeverity.Warning
                if d.severity == "warning"
                else T.DiagnosticSeverity.Error,
                source=SERVER_NAME,
                code=d.code,
            )
            for d in found
        ]
        server.text_document_publish_diagnostics(
            T.PublishDiagnosticsParams(uri=uri, diagnostics=items, version=document.version)
        )

    @server.feature(T.TEXT_DOCUMENT_DID_OPEN)
    def did_open(params: T.DidOpenTextDocumentParams) -> None:
        publish(params.text_document.uri)

    @server.feature(T.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(params: T.DidChangeTextDocumentParams) -> None:
        publish(params.text_document.uri)

    @server.feature(T.TEXT_DOCUMENT_DID_SAVE)
    def did_save(params: T.DidSaveTextDocumentParams) -> None:
        publish(params.text_document.uri)

    @server.feature(T.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(params: T.DidCloseTextDocumentParams) -> None:
        server.text_document_publish_diagnostics(
            T.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[])
        )

    @server.feature(T.TEXT_DOCUMENT_HOVER)
    def hover(params: T.HoverParams) -> T.Hover | None:
        document = server.workspace.get_text_document(params.text_document.uri)
        text = editing.hover(document.source, params.position.line, params.position.character)
        if text is None:
            return None
        return T.Hover(contents=T.MarkupContent(kind=T.MarkupKind.Markdown, value=text))

    @server.feature(T.TEXT_DOCUMENT_FORMATTING)
    def formatting(params: T.DocumentFormattingParams) -> list[T.TextEdit] | None:
        document = server.workspace.get_text_document(params.text_document.uri)
        source = document.source
        new = editing.formatted(source, document.path or params.text_document.uri)
        if new is None:  # errors: the diagnostics say which; nothing to change
            return None
        if new == source:
            return []
        lines = source.splitlines() or [""]
        end = T.Position(len(lines), 0)
        return [T.TextEdit(range=T.Range(T.Position(0, 0), end), new_text=new)]

    kinds = {
        "keyword": T.CompletionItemKind.Keyword,
        "supertype": T.CompletionItemKind.TypeParameter,
        "type": T.CompletionItemKind.Class,
        "subtype": T.CompletionItemKind.EnumMember,
    }

    @server.feature(T.TEXT_DOCUMENT_COMPLETION, T.CompletionOptions(trigger_characters=[" "]))
    def completion(params: T.CompletionParams) -> T.CompletionList:
        document = server.workspace.get_text_document(params.text_document.uri)
        found = editing.completions(
            document.source, params.position.line, params.position.character
        )
        items = [T.CompletionItem(label=c.label, kind=kinds[c.kind], detail=c.kind) for c in found]
        return T.CompletionList(is_incomplete=False, items=items)

    @server.feature(T.TEXT_DOCUMENT_DEFINITION)
    def definition(params: T.DefinitionParams) -> T.Location | None:
        document = server.workspace.get_text_document(params.text_document.uri)
        found = editing.definition(document.source, params.position.line, params.position.character)
        if found is None:
            return None
        return T.Location(uri=params.text_document.uri, range=lsp_range(found))

    return server


def cmd_lsp(args: argparse.Namespace) -> int:
    from .cli import ERRORS, _say

    try:
        import lsprotocol  # noqa: F401
        import pygls  # noqa: F401
    except ImportError:
        _say(
            "cardtext lsp: error: the language server needs pygls; "
            "install it with: pip install 'cardtext[lsp]'",
            err=True,
        )
        return ERRORS
    build_server().start_io()
    return 0


def add_command(sub: Any) -> None:
    """Add ``cardtext lsp`` to the command line's subcommands."""
    p = sub.add_parser(
        "lsp",
        help="run the language server (LSP over stdio) for editors",
        description="Run a Language Server Protocol server on standard input and output: "
        "diagnostics, hover, formatting, completion and go-to-definition for card files. "
        "Needs the [lsp] extra (pygls).",
        epilog="exit status: 0 when the editor ends the session, 1 pygls is not installed",
    )
    p.add_argument(
        "--stdio", action="store_true", help="use stdio (the default; for clients that pass it)"
    )
    p.set_defaults(run=cmd_lsp)


__all__ = ["add_command", "build_server"]
