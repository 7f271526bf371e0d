// The extension's activation, with the editor and vscode-languageclient
// stood in for: it must find the configured `cardtext` command, start it
// with its arguments over stdio, and say so clearly when the command is
// missing. The stand-in client speaks JSON-RPC to the real server and waits
// for its answer to `initialize`.
//
//   CARDTEXT_COMMAND=/path/to/cardtext node --test editors/vscode/test/
"use strict";

const assert = require("node:assert");
const { spawn } = require("node:child_process");
const Module = require("node:module");
const path = require("node:path");
const test = require("node:test");

const settings = {};
const shown = [];
const started = [];

function frame(message) {
  const body = Buffer.from(JSON.stringify(message), "utf8");
  return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, "ascii"), body]);
}

// The initialize round trip with a server process: resolves with its result.
function handshake(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["pipe", "pipe", "inherit"] });
    let buffer = Buffer.alloc(0);
    const timer = setTimeout(() => { child.kill(); reject(new Error("no answer in 60 s")); }, 60000);
    child.on("error", reject);
    child.stdout.on("data", (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      const end = buffer.indexOf("\r\n\r\n");
      if (end < 0) return;
      const length = Number(/Content-Length: (\d+)/i.exec(buffer.slice(0, end).toString())[1]);
      if (buffer.length < end + 4 + length) return;
      const reply = JSON.parse(buffer.slice(end + 4, end + 4 + length).toString("utf8"));
      clearTimeout(timer);
      child.stdin.write(frame({ jsonrpc: "2.0", id: 2, method: "shutdown" }));
      child.stdin.end(frame({ jsonrpc: "2.0", method: "exit" }));
      child.on("exit", (code) => resolve({ reply, code }));
    });
    child.stdin.write(frame({
      jsonrpc: "2.0", id: 1, method: "initialize",
      params: { processId: process.pid, rootUri: null, capabilities: {} },
    }));
  });
}

class FakeClient {
  constructor(id, name, serverOptions, clientOptions) {
    this.id = id;
    this.serverOptions = serverOptions;
    this.clientOptions = clientOptions;
    this.result = null;
  }
  async start() {
    const { command, args } = this.serverOptions.run;
    this.result = await handshake(command, args);
    started.push(this);
  }
  async stop() {}
}

const vscode = {
  workspace: {
    workspaceFolders: [],
    getConfiguration: () => ({ get: (key, fallback) => (key in settings ? settings[key] : fallback) }),
    onDidChangeConfiguration: () => ({ dispose() {} }),
  },
  window: {
    createOutputChannel: () => ({ appendLine() {}, dispose() {} }),
    showErrorMessage: async (message) => { shown.push(message); return undefined; },
  },
  commands: { registerCommand: () => ({ dispose() {} }), executeCommand: async () => undefined },
};
const languageclient = { LanguageClient: FakeClient, TransportKind: { stdio: 0 } };

const load = Module._load;
Module._load = function (request, parent, isMain) {
  if (request === "vscode") return vscode;
  if (request === "vscode-languageclient/node") return languageclient;
  return load.call(this, request, parent, isMain);
};
const extension = require(path.join(__dirname, "..", "extension.js"));

function context() {
  return { subscriptions: [] };
}

test("the extension starts the configured cardtext lsp", async () => {
  const command = process.env.CARDTEXT_COMMAND;
  assert.ok(command, "CARDTEXT_COMMAND names the cardtext command");
  settings["server.path"] = command;
  shown.length = 0;
  started.length = 0;
  await extension.activate(context());
  assert.deepStrictEqual(shown, []);
  assert.strictEqual(started.length, 1);
  const client = started[0];
  assert.deepStrictEqual(client.serverOptions.run.args, ["lsp"]);
  assert.deepStrictEqual(client.clientOptions.documentSelector[0], { scheme: "file", language: "cardtext" });
  assert.strictEqual(client.result.reply.id, 1);
  assert.ok(client.result.reply.result.capabilities.hoverProvider);
  assert.strictEqual(client.result.code, 0);
  await extension.deactivate();
});

test("a command that isn't there is reported, not started", async () => {
  settings["server.path"] = path.join(__dirname, "no-such-dir", "cardtext");
  shown.length = 0;
  started.length = 0;
  await extension.activate(context());
  assert.strictEqual(started.length, 0);
  assert.strictEqual(shown.length, 1);
  assert.match(shown[0], /was not found/);
  assert.match(shown[0], /cardtext\.server\.path/);
});

test("a bare name is looked up on PATH", () => {
  const saved = process.env.PATH;
  try {
    process.env.PATH = path.dirname(process.env.CARDTEXT_COMMAND);
    assert.strictEqual(extension.resolveCommand(path.basename(process.env.CARDTEXT_COMMAND)), process.env.CARDTEXT_COMMAND);
    process.env.PATH = "";
    assert.strictEqual(extension.resolveCommand("cardtext-nowhere"), null);
  } finally {
    process.env.PATH = saved;
  }
});
