// Talking to the server: JSON requests with one-line refusals, the signed-in account (if any),
// the seat tokens this browser holds, and a room socket that says hello and comes back after a
// dropped connection.

const SAFE = new Set(["GET", "HEAD"]);

/** A request to the API; a refusal throws an Error carrying the server's one line (and its
 * `status` and `code`). While signed in, every request that is not a GET carries the session's
 * CSRF token: the server refuses a cookie's POST without it. */
export async function api(path, options = {}) {
  const { again, ...rest } = options;
  const method = (rest.method || "GET").toUpperCase();
  if (!SAFE.has(method)) await sessionReady; // a POST made as the page opens waits to know who
  const headers = { "content-type": "application/json", ...(rest.headers || {}) };
  if (account && !SAFE.has(method)) headers["x-csrf-token"] = account.csrf;
  let response;
  try {
    response = await fetch(path, { ...rest, headers });
  } catch {
    throw new Error("The server cannot be reached: is angler serve running?");
  }
  const body = await response.json().catch(() => null);
  if (!response.ok) {
    // Another tab of this browser signed in or out meanwhile (one cookie for all of them): learn
    // who is signed in now, and ask once more as them.
    if (response.status === 403 && body && body.error === "csrf" && !again) {
      await refreshSession();
      return api(path, { ...options, again: true });
    }
    const refusal = new Error(body && body.message ? body.message : `The server refused (${response.status}).`);
    refusal.status = response.status;
    refusal.code = body && body.error;
    throw refusal;
  }
  return body;
}

// ----- the signed-in account -----
// The session itself is an HttpOnly cookie no script reads; the page keeps who it belongs to
// and its CSRF token ({id, name, csrf}), or null for a guest, and tells its watchers of a change.

let account = null;
const watchers = new Set();
const CHANGED = "angler:session-changed"; // written on a change: the other tabs look again
let asked = 0; // GET /session asked, numbered: an older answer never overwrites a newer one

/** Who is signed in here: `session.account` ({id, name, csrf}, or null), and `subscribe(fn)`,
 * called with the account after each change (it returns the way to stop). */
export const session = {
  get account() {
    return account;
  },
  subscribe(watcher) {
    watchers.add(watcher);
    return () => watchers.delete(watcher);
  },
};

function setAccount(next, tellTabs = false) {
  const before = account;
  account = next;
  if (tellTabs) localStorage.setItem(CHANGED, String(Date.now()));
  const same = before && next ? before.id === next.id && before.name === next.name && before.csrf === next.csrf : before === next;
  if (!same) for (const watcher of [...watchers]) watcher(account);
}

/** Ask the server who is signed in (GET /session: 401 is a guest); the account. When the server
 * cannot be reached, the page goes on with what it knew. */
export async function refreshSession() {
  const mine = ++asked;
  let found = account;
  try {
    const response = await fetch("/session", { headers: { accept: "application/json" } });
    if (response.ok) found = await response.json();
    else if (response.status === 401) found = null;
  } catch {
    // unreachable: unchanged
  }
  if (mine === asked) setAccount(found);
  return account;
}

/** Settled once the page knows whether someone is signed in (asked as the page loads). */
export const sessionReady = refreshSession();
window.addEventListener("storage", (event) => {
  if (event.key === CHANGED) refreshSession();
});

const post = (path, body) => api(path, { method: "POST", body: body === undefined ? undefined : JSON.stringify(body) });

/** A 401 from an account's route may mean the session ended elsewhere (a password changed on
 * another device): look again, then pass the refusal on. */
async function asAccount(request) {
  try {
    return await request();
  } catch (refusal) {
    if (refusal.status === 401) await refreshSession();
    throw refusal;
  }
}

/** Sign up (a new account, signed in); the account. */
export async function signUp(name, password) {
  const info = await post("/accounts", { name, password });
  setAccount(info, true);
  return info;
}

/** Sign in; the account. */
export async function signIn(name, password) {
  const info = await post("/session", { name, password });
  setAccount(info, true);
  return info;
}

/** Sign out: this browser's session ends on the server. */
export async function signOut() {
  await post("/session/end");
  setAccount(null, true);
}

/** A new password (the current one given): every other session of the account ends, and this
 * browser's session is a new one (a new CSRF token). */
export async function changePassword(current, fresh) {
  const info = await asAccount(() => post("/account/password", { current, new: fresh }));
  setAccount(info, true);
  return info;
}

/** Delete the account (its password given): signed out, its name gone from every table. */
export async function deleteAccount(password) {
  await asAccount(() => post("/account/delete", { password }));
  setAccount(null, true);
}

/** The live rooms where the account holds a seat: [{room, game, seat}], newest first. */
export function myRooms() {
  return asAccount(() => api("/account/rooms"));
}

/** The seat the signed-in account holds in `room`, or null (nobody signed in, or no seat). */
export async function accountSeat(room) {
  await sessionReady;
  if (!account) return null;
  const rooms = await myRooms().catch(() => []);
  const found = rooms.find((held) => held.room === room);
  return found ? found.seat : null;
}

/** A player's page (GET /players/NAME): their ratings, games and recent rooms. */
export function playerInfo(name) {
  return api(`/players/${encodeURIComponent(name)}`);
}

/** The names whose chat lines this browser hides (muted), kept in local storage. */
export const muted = {
  key: "angler:muted",
  all() {
    try {
      const list = JSON.parse(localStorage.getItem(this.key) || "[]");
      return Array.isArray(list) ? list.filter((name) => typeof name === "string") : [];
    } catch {
      return [];
    }
  },
  has(name) {
    return this.all().includes(name);
  },
  set(name, mute) {
    const rest = this.all().filter((held) => held !== name);
    if (mute) rest.push(name);
    localStorage.setItem(this.key, JSON.stringify(rest));
  },
};

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

/** The rematches this browser took a seat in, both ways: under a finished room, `to`: its
 * rematch's room; under that new room, `from`: the finished one. */
export const rematches = roomStore("angler:rematch:");

/** Invitation codes this browser made (the creator's, to show each friend's link again):
 * room -> {seat: code}. A code claims its seat once; the server keeps only its hash. */
export const invites = roomStore("angler:invites:");

/** In place of a token: the socket takes up the seat the signed-in account holds in the room
 * (its hello says `"account": true`; the session cookie names the account). */
export const ACCOUNT = Object.freeze({ account: true });

/** One socket on a room, as one seat (a token, or ACCOUNT) or a spectator (null). It reconnects
 * after a dropped connection, saying hello again, until closed. A token the room refuses at
 * hello (or the account's seat: signed out meanwhile) is told to `onBadToken`, and the socket
 * closes. A finished room's offer to play again (`rematch`) is told to `onRematch`. */
export class RoomSocket {
  constructor(room, token, { onState, onError, onStatus, onBadToken, onPresence, onChat, onRematch }) {
    this.room = room;
    this.token = token;
    this.handlers = { onState, onError, onStatus, onBadToken, onPresence, onChat, onRematch };
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
      const hello = this.token === ACCOUNT ? { type: "hello", account: true } : { type: "hello", token: this.token };
      this.ws.send(JSON.stringify(hello));
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
      } else if (message.type === "chat") {
        if (this.handlers.onChat && Array.isArray(message.lines)) this.handlers.onChat(message.lines);
      } else if (message.type === "rematch") {
        if (this.handlers.onRematch && typeof message.room === "string" && Array.isArray(message.answers)) this.handlers.onRematch(message);
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
