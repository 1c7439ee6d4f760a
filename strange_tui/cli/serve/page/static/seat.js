// Loaded before textual-serve's script, which finds the terminal on window.onload.
"use strict";

// The page names its websocket relative to itself ("ws"): the browser makes it whole from
// the address it reached the page at, never from anything the server was told.
document.addEventListener("DOMContentLoaded", () => {
  const terminal = document.getElementById("terminal");
  const url = new URL(terminal.dataset.sessionWebsocketUrl, window.location.href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  terminal.dataset.sessionWebsocketUrl = url.href;
  document.getElementById("restart").addEventListener("click", () => window.location.reload());
});

// A refused or ended connection says why in its close reason (a seat with too many
// windows open): the "Session ended" dialog shows it.
const PageWebSocket = window.WebSocket;
window.WebSocket = class extends PageWebSocket {
  constructor(...args) {
    super(...args);
    this.addEventListener("close", (event) => {
      if (event.reason) {
        document.getElementById("closed-message").textContent = event.reason;
      }
    });
  }
};
