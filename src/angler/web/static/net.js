// Talking to the server: JSON requests with one-line refusals, the seat tokens this browser
// holds, and a room socket that says hello and comes back after a dropped connection.

/** A request to the API; a refusal throws an Error carrying the server's one line. */
export async function api(path, options = {}) {
  const init = { ...options, headers: { "content-type": "application/json", ...(options.headers || {}) } };
  let response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new Error("The server cannot be reached: is angler serve running?");
  }
  const body = await response.json().catch(() => null);
  if (!response.ok) {
    throw new Error(body && body.message ? body.message : `The server refused (${response.status}).`);
  }
  return body;
}

/** What this browser keeps per room, by seat, in local storage under `prefix` + room. */
function roomStore(prefix) {
  return {
    key: (room) => `${prefix}${room}`,
    of(room) {
      try {
        return JSON.parse(localStorage.getItem(this.key(room)) || "{}");
      } catch {
        return {};
      }
    },
    add(room, seat, value) {
      const held = this.of(room);
      held[seat] = value;
      localStorage.setItem(this.key(room), JSON.stringify(held));
    },
    forget(room, seat) {
      const held = this.of(room);
      delete held[seat];
      if (Object.keys(held).length) localStorage.setItem(this.key(room), JSON.stringify(held));
      else localStorage.removeItem(this.key(room));
    },
  };
}

/** Seat tokens, kept in this browser (never in a URL the server logs): room -> {seat: token}. */
export const tokens = roomStore("angler:tokens:");

/** Invitation codes this browser made (the creator's, to show each friend's link again):
 * room -> {seat: code}. A code claims its seat once; the server keeps only its hash. */
export const invites = roomStore("angler:invites:");

/** One socket on a room, as one seat (a token) or a spectator (null). It reconnects after a
 * dropped connection, saying hello again, until closed. A token the room refuses at hello is
 * told to `onBadToken`, and the socket closes. */
export class RoomSocket {
  constructor(room, token, { onState, onError, onStatus, onBadToken, onPresence }) {
    this.room = room;
    this.token = token;
    this.handlers = { onState, onError, onStatus, onBadToken, onPresence };
    this.closed = false;
    this.delay = 500;
    this.open();
  }

  open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    this.ws = new WebSocket(`${scheme}://${location.host}/rooms/${encodeURIComponent(this.room)}/ws`);
    this.held = null; // a new socket's first state is whole
    this.joined = false; // its hello was answered with a state
    this.ws.addEventListener("open", () => {
      if (this.closed) return; // closed while connecting: no hello
      this.delay = 500;
      this.ws.send(JSON.stringify({ type: "hello", token: this.token }));
      this.handlers.onStatus(true);
    });
    this.ws.addEventListener("message", (event) => {
      if (this.closed) return; // a message still queued when its page moved on
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.type === "state") {
        this.joined = true;
        this.handlers.onState(this.whole(message));
      } else if (message.type === "presence") {
        if (this.joined && this.handlers.onPresence) this.handlers.onPresence(message);
      } else if (message.type === "error" && message.error === "token" && !this.joined && this.token && this.handlers.onBadToken) {
        this.close();
        this.handlers.onBadToken(message);
      } else if (message.type === "error") this.handlers.onError(message);
    });
    this.ws.addEventListener("close", (event) => {
      this.handlers.onStatus(false);
      if (this.closed || event.code === 4404) return;
      // Spread by up to a quarter either way: the sockets of a node that died do not all
      // come back to the survivors on the same beat.
      const wait = this.delay * (0.75 + Math.random() / 2);
      setTimeout(() => !this.closed && this.open(), wait);
      this.delay = Math.min(this.delay * 2, 8000);
    });
  }

  /** A state made whole: after a socket's first state, the server sends only the log entries
   * (and view events, for a socket that asked for the view) from index `since` on; the ones
   * before are those this socket holds. The board comes whole in the first state; later ones
   * carry `board_patch`, the board's fields that changed (and `board_dropped`, those gone). The
   * card catalogue (`cards`: each card's facts by id, which the board's ids stand for) comes in
   * the first state only: the socket keeps it and puts it on every later state. */
  whole(message) {
    const since = message.since || 0;
    const held = since && this.held ? this.held : { log: [], events: [], board: null };
    message.log = held.log.slice(0, since).concat(message.log);
    if (message.view) message.view.events = held.events.slice(0, since).concat(message.view.events || []);
    if (message.board_patch) {
      const board = { ...(this.held ? this.held.board : {}), ...message.board_patch };
      for (const key of message.board_dropped || []) delete board[key];
      message.board = board;
      delete message.board_patch;
      delete message.board_dropped;
    }
    if (message.cards) this.cards = message.cards;
    else if (this.cards) message.cards = this.cards;
    this.held = { log: message.log, events: message.view ? message.view.events : [], board: message.board };
    return message;
  }

  send(message) {
    if (this.ws.readyState !== WebSocket.OPEN) {
      this.handlers.onError({ error: "offline", message: "Not connected: reconnecting, try again in a moment." });
      return;
    }
    this.ws.send(JSON.stringify(message));
  }

  close() {
    this.closed = true;
    // A socket still connecting is closed once open: closed before, the browser warns of it
    // (a hot seat's table redrawn when its first token is refused closes the others so).
    const ws = this.ws;
    if (ws.readyState === WebSocket.CONNECTING) ws.addEventListener("open", () => ws.close(1000));
    else ws.close(1000);
  }
}
