"""reflc lsp against pytest-lsp's client, with the capabilities of real
editors (VS Code and Neovim): pytest-lsp also checks every answer against
the protocol and against what that client declared it supports.

Run by scripts/lsp-e2e.sh (REFLC names the binary under test)."""
import os
import pathlib
import sys

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

REFLC = os.environ.get("REFLC", "reflc")

PALETTE = "@palette {\n    @orange: #ff8000;\n    @accent: darken(@orange, 10%);\n}\n"
MAIN = """@import "palette.less";

UIButton:primary {
    background-color: @acent;
    title-color[highlighted]: fade(@orange, 50%);
}
"""


@pytest_lsp.fixture(
    params=["visual-studio-code", "neovim"],
    config=ClientServerConfig(server_command=[REFLC, "lsp"]),
)
async def client(request, lsp_client: LanguageClient, tmp_path: pathlib.Path):
    lsp_client.registrations = []

    @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register(params: types.RegistrationParams):
        lsp_client.registrations.extend(params.registrations)

    (tmp_path / "palette.less").write_text(PALETTE)
    (tmp_path / "main.less").write_text(MAIN)
    params = types.InitializeParams(
        capabilities=client_capabilities(request.param),
        root_uri=tmp_path.as_uri(),
    )
    await lsp_client.initialize_session(params)
    lsp_client.folder = tmp_path
    yield
    await lsp_client.shutdown_session()


def open_main(client: LanguageClient) -> str:
    uri = (client.folder / "main.less").as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="less", version=1, text=MAIN)
        )
    )
    return uri


@pytest.mark.asyncio(loop_scope="function")
async def test_diagnostics_and_quick_fix(client: LanguageClient):
    uri = open_main(client)
    await client.wait_for_notification("textDocument/publishDiagnostics")
    [diagnostic] = client.diagnostics[uri]
    assert diagnostic.code == "undefined-variable"
    assert diagnostic.message == "undefined variable '@acent'; did you mean '@accent'?"
    assert diagnostic.range == types.Range(start=types.Position(3, 22), end=types.Position(3, 28))

    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=diagnostic.range,
            context=types.CodeActionContext(diagnostics=[diagnostic]),
        )
    )
    assert [action.title for action in actions] == ["Replace '@acent' with '@accent'"]
    [edit] = actions[0].edit.changes[uri]
    assert edit.new_text == "@accent"

    # Typing the fix clears the diagnostic.
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangePartial(range=diagnostic.range, text="@accent")],
        )
    )
    await client.wait_for_notification("textDocument/publishDiagnostics")
    assert list(client.diagnostics[uri]) == []


@pytest.mark.asyncio(loop_scope="function")
async def test_an_imported_file_saved_elsewhere(client: LanguageClient):
    """VS Code watches files for the server: an edit to palette.less made
    outside the editor reaches main.less's diagnostics."""
    uri = open_main(client)
    await client.wait_for_notification("textDocument/publishDiagnostics")
    if not client.registrations:
        pytest.skip("this client does not watch files for servers")
    assert client.registrations[0].method == "workspace/didChangeWatchedFiles"
    palette = client.folder / "palette.less"
    palette.write_text(PALETTE + "@acent: red;\n")
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(
        changes=[types.FileEvent(uri=palette.as_uri(), type=types.FileChangeType.Changed)]))
    await client.wait_for_notification("textDocument/publishDiagnostics")
    assert list(client.diagnostics[uri]) == []


@pytest.mark.asyncio(loop_scope="function")
async def test_hover_definition_completion(client: LanguageClient):
    uri = open_main(client)
    await client.wait_for_notification("textDocument/publishDiagnostics")
    document = types.TextDocumentIdentifier(uri=uri)

    hover = await client.text_document_hover_async(types.HoverParams(text_document=document, position=types.Position(4, 42)))
    assert "#ff8000ff" in hover.contents.value

    definition = await client.text_document_definition_async(
        types.DefinitionParams(text_document=document, position=types.Position(4, 42))
    )
    assert definition.uri == (client.folder / "palette.less").as_uri()
    assert definition.range.start == types.Position(1, 4)

    completion = await client.text_document_completion_async(
        types.CompletionParams(text_document=document, position=types.Position(4, 30))
    )
    labels = {item.label for item in completion.items}
    assert {"@orange", "@accent", "darken", "fade", "rgb", "lightblue"} <= labels

    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=document))
    assert [symbol.name for symbol in symbols] == ["UIButton:primary"]

    colors = await client.text_document_document_color_async(types.DocumentColorParams(text_document=document))
    [swatch] = colors  # fade(@orange, 50%); `@acent` is no color
    assert swatch.range == types.Range(start=types.Position(4, 30), end=types.Position(4, 48))
    assert (swatch.color.red, swatch.color.green, swatch.color.blue, swatch.color.alpha) == (1, 0.50196, 0, 0.5)

    edits = await client.text_document_formatting_async(
        types.DocumentFormattingParams(text_document=document, options=types.FormattingOptions(tab_size=4, insert_spaces=True))
    )
    assert list(edits or []) == []  # already in the layout


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q"]))


@pytest.mark.asyncio(loop_scope="function")
async def test_uikit_keys_cases_and_argument_names(client: LanguageClient):
    """The UIKit schema in the editor: keys by the rule's class with their
    types, the cases of the key's enumeration, and inlay hints naming the
    arguments of edge-insets (left, top, right, bottom)."""
    text = "UIStackView {\n    distr\n    alignment: \n    layout-margins: edge-insets(1, 2, 3, 4);\n}\n"
    uri = (client.folder / "stack.less").as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="less", version=1, text=text)
        )
    )
    keys = await client.text_document_completion_async(
        types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(1, 9))
    )
    items = keys.items if hasattr(keys, "items") else keys
    [distribution] = [item for item in items if item.label == "distribution"]
    assert distribution.detail == "enum(UIStackView.Distribution) — UIStackView.distribution"

    cases = await client.text_document_completion_async(
        types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(2, 15))
    )
    labels = [item.label for item in (cases.items if hasattr(cases, "items") else cases)]
    assert labels[:4] == ["fill", "leading", "top", "first-baseline"]

    hints = await client.text_document_inlay_hint_async(
        types.InlayHintParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=types.Range(start=types.Position(0, 0), end=types.Position(5, 0)),
        )
    )
    assert [hint.label for hint in hints] == ["left:", "top:", "right:", "bottom:"]
    assert hints[0].position == types.Position(3, 32)
