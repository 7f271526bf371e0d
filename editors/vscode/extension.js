// The cardtext extension: the language of .card files and its language server.
//
// On opening a card file it starts `cardtext lsp` (the command and its
// arguments are the settings cardtext.server.path and cardtext.server.args)
// and talks to it over standard input and output with vscode-languageclient:
// diagnostics, hover, code actions, the outline, formatting, completion and
// go to definition all come from the server.
"use strict";

const fs = require("fs");
const os = require("os");
const path = require("path");
const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

const SECTION = "cardtext";
let client = null;
let output = null;

// Where the README installs cardtext for editors, tried after PATH when the
// setting is left at its default.
function defaultCandidates() {
  const bin = process.platform === "win32" ? "Scripts" : "bin";
  const exe = process.platform === "win32" ? "cardtext.exe" : "cardtext";
  const out = [];
  for (const folder of vscode.workspace.workspaceFolders || []) {
    out.push(path.join(folder.uri.fsPath, ".venv", bin, exe));
  }
  out.push(path.join(os.homedir(), ".cardtext", bin, exe));
  return out;
}

function isFile(candidate) {
  try {
    return fs.statSync(candidate).isFile();
  } catch (_error) {
    return false;
  }
}

// A bare command name looked up on PATH (with PATHEXT on Windows), as the
// shell would find it.
function onPath(name) {
  const extensions = process.platform === "win32"
    ? (process.env.PATHEXT || ".EXE;.CMD;.BAT").split(";")
    : [""];
  for (const dir of (process.env.PATH || "").split(path.delimiter)) {
    if (!dir) continue;
    for (const ext of extensions) {
      const candidate = path.join(dir, name + ext);
      if (isFile(candidate)) return candidate;
    }
  }
  return null;
}

function expandHome(value) {
  if (value === "~") return os.homedir();
  if (value.startsWith("~/") || value.startsWith("~\\")) return path.join(os.homedir(), value.slice(2));
  return value;
}

// The server's command: the setting as written (a path, or a name found on
// PATH); for the default "cardtext" not on PATH, the workspace's .venv or
// ~/.cardtext. Null when nothing is found.
function resolveCommand(setting) {
  const value = expandHome((setting || "cardtext").trim());
  const isDefault = value === "cardtext";
  if (value.includes("/") || value.includes("\\")) {
    let absolute = value;
    if (!path.isAbsolute(value)) {
      const folder = (vscode.workspace.workspaceFolders || [])[0];
      absolute = path.resolve(folder ? folder.uri.fsPath : process.cwd(), value);
    }
    return isFile(absolute) ? absolute : null;
  }
  const found = onPath(value);
  if (found) return found;
  if (isDefault) {
    for (const candidate of defaultCandidates()) {
      if (isFile(candidate)) return candidate;
    }
  }
  return null;
}

async function notFound(setting) {
  const message =
    `cardtext: the language server command "${setting}" was not found. ` +
    "Install cardtext (pip install cardtext, or pip install . from its repository) " +
    'and set "cardtext.server.path" to the cardtext command (for example ~/.cardtext/bin/cardtext). ' +
    "Highlighting works without it.";
  const choice = await vscode.window.showErrorMessage(message, "Open Settings");
  if (choice === "Open Settings") {
    await vscode.commands.executeCommand("workbench.action.openSettings", "cardtext.server.path");
  }
}

async function start() {
  const config = vscode.workspace.getConfiguration(SECTION);
  const setting = config.get("server.path", "cardtext");
  const args = config.get("server.args", ["lsp"]);
  const command = resolveCommand(setting);
  if (command === null) {
    await notFound(setting);
    return;
  }
  output.appendLine(`starting ${command} ${args.join(" ")}`);
  const executable = { command, args, transport: TransportKind.stdio };
  const serverOptions = { run: executable, debug: executable };
  const clientOptions = {
    documentSelector: [
      { scheme: "file", language: "cardtext" },
      { scheme: "untitled", language: "cardtext" },
    ],
    outputChannel: output,
  };
  client = new LanguageClient("cardtext", "cardtext language server", serverOptions, clientOptions);
  try {
    await client.start();
  } catch (error) {
    client = null;
    vscode.window.showErrorMessage(`cardtext: the language server ${command} did not start: ${error.message || error}`);
  }
}

async function stop() {
  if (client !== null) {
    const running = client;
    client = null;
    await running.stop();
  }
}

async function restart() {
  await stop();
  await start();
}

async function activate(context) {
  output = vscode.window.createOutputChannel("cardtext");
  context.subscriptions.push(output);
  context.subscriptions.push(vscode.commands.registerCommand("cardtext.restartServer", restart));
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration("cardtext.server")) restart();
    }),
  );
  await start();
}

function deactivate() {
  return stop();
}

module.exports = { activate, deactivate, resolveCommand };
