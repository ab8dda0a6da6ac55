// Accounts in the browser: the bar at the top of every page (Sign in and Sign up for a guest;
// the name and its menu when signed in), the sign-in and sign-up pages, and the account's own
// page (its tables, a new password, deleting it). A name is always drawn as text.
import { h, replace } from "/static/kit.js";
import { changePassword, deleteAccount, myRooms, session, sessionReady, signIn, signOut, signUp } from "/static/net.js";
import { gameList } from "/static/boards.js";

const FORM_PAGES = /^\/(signin|signup)(\/|\?|$)/;

/** Where the person is now, as a fragment's path ("/room/ID"), to come back to after signing
 * in. A fragment still carrying a seat token (make play's link, before the room page takes it
 * out) is left without its query: a token never travels on in a link. */
function here() {
  const path = location.hash.replace(/^#/, "") || "/";
  return /[?&]token=/.test(path) ? path.split("?")[0] : path;
}

/** The page to go back to after signing in or up: the `next` of the address, if it is one of
 * this site's fragments (never the sign-in pages themselves), else the lobby. */
function nextOf(params) {
  const next = params.get("next") || "/";
  return next.startsWith("/") && !next.startsWith("//") && !FORM_PAGES.test(next) ? next : "/";
}

/** The link to a sign-in page that comes back to `next`. */
function formLink(page, next) {
  return next && next !== "/" ? `#/${page}?next=${encodeURIComponent(next)}` : `#/${page}`;
}

function backTo(next) {
  location.hash = `#${next}`;
}

// ----- the bar -----

/** Draw the account bar into `node` (in the page's header), and again whenever the account or
 * the page changes. */
export function mountAccountBar(node) {
  let open = false;
  const draw = () => {
    const account = session.account;
    if (!account) {
      const next = FORM_PAGES.test(here()) ? nextOf(new URLSearchParams(here().split("?")[1] || "")) : here();
      return replace(node,
        h("a", { href: formLink("signin", next), id: "bar-signin" }, "Sign in"),
        h("a", { href: formLink("signup", next), id: "bar-signup", class: "bar-button" }, "Sign up"));
    }
    const menu = h("ul", { id: "account-menu", class: "account-menu", hidden: !open },
      h("li", {}, h("a", { href: `#/player/${encodeURIComponent(account.name)}`, id: "menu-player" }, "Your player page")),
      h("li", {}, h("a", { href: "#/account", id: "menu-account" }, "Your account")),
      h("li", {}, h("button", { type: "button", id: "menu-signout", onClick: () => leave() }, "Sign out")));
    const button = h("button", { type: "button", id: "account-button", class: "bar-button",
      "aria-expanded": String(open), "aria-controls": "account-menu", onClick: () => toggle(!open) },
    h("span", { class: "sr-only" }, "Signed in as "),
    h("span", { class: "account-name", id: "account-name" }, account.name),
    h("span", { class: "caret", "aria-hidden": "true" }, "▾"));
    replace(node, button, menu);
  };
  const toggle = (wanted, focusButton = false) => {
    open = wanted;
    const button = node.querySelector("#account-button");
    const menu = node.querySelector("#account-menu");
    if (!button || !menu) return;
    button.setAttribute("aria-expanded", String(open));
    menu.hidden = !open;
    if (!open && focusButton) button.focus();
  };
  const leave = async () => {
    toggle(false);
    try {
      await signOut();
    } catch (refusal) {
      node.append(h("span", { class: "bar-error", role: "alert" }, refusal.message));
      return;
    }
    if (/^\/account(\/|\?|$)/.test(here())) location.hash = "#/";
  };
  // The menu closes on Escape (back to its button), on a click elsewhere, when focus leaves it,
  // and when the page changes.
  node.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && open) {
      event.preventDefault();
      toggle(false, true);
    }
  });
  node.addEventListener("focusout", (event) => {
    if (open && event.relatedTarget && !node.contains(event.relatedTarget)) toggle(false);
  });
  document.addEventListener("click", (event) => {
    if (open && !node.contains(event.target)) toggle(false);
  });
  window.addEventListener("hashchange", () => {
    open = false;
    draw();
  });
  session.subscribe(() => {
    open = false;
    draw();
  });
  sessionReady.then(draw);
}

// ----- the forms -----

function field(input, label, help) {
  const helpId = help ? `${input.id}-help` : null;
  if (helpId) input.setAttribute("aria-describedby", helpId);
  return h("div", { class: "field" }, h("label", { for: input.id }, label), input,
    help ? h("span", { class: "help", id: helpId }, help) : null);
}

function nameInput(id) {
  return typedSoFar(h("input", { type: "text", id, name: "username", autocomplete: "username", required: true,
    autocapitalize: "none", spellcheck: "false", maxlength: "200" }));
}

function passwordInput(id, autocomplete) {
  return typedSoFar(h("input", { type: "password", id, name: id, autocomplete, required: true, maxlength: "1000" }));
}

// A form drawn again while it is up (two routes to the same page close together: signing out on
// the account page sends to sign-in, and so may the bar's link) keeps what was typed in it.
function typedSoFar(input) {
  const shown = document.getElementById(input.id);
  if (shown && shown.value) input.value = shown.value;
  return input;
}

/** "Show password": the given fields show what is typed while it is ticked. */
function showToggle(id, ...inputs) {
  const box = h("input", { type: "checkbox", id });
  box.addEventListener("change", () => {
    for (const input of inputs) input.type = box.checked ? "text" : "password";
  });
  return h("label", { class: "check", for: id }, box, inputs.length > 1 ? " Show the passwords" : " Show the password");
}

/** Send a form: its button says `busyWords` and is disabled while the server answers; a
 * refusal's one line goes in `alert`. `work` returns true when the form is done with. */
function sending(form, button, busyWords, alert, work) {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (button.disabled) return;
    const words = button.textContent;
    alert.textContent = "";
    button.disabled = true;
    button.textContent = busyWords;
    form.setAttribute("aria-busy", "true");
    try {
      await work();
    } catch (refusal) {
      alert.textContent = refusal.message;
    } finally {
      button.disabled = false;
      button.textContent = words;
      form.removeAttribute("aria-busy");
    }
  });
}

function formError(id) {
  return h("p", { id, class: "form-error", role: "alert" });
}

/** The sign-in or sign-up page for someone signed in already: who they are, and the ways on. */
function signedInAlready(app, next) {
  replace(app, h("main", { class: "account-main" },
    h("section", { class: "panel account-form" },
      h("h1", {}, "You are signed in"),
      h("p", {}, "You are signed in as ", h("strong", { class: "account-name" }, session.account.name), "."),
      h("div", { class: "row" },
        h("a", { class: "btn primary", href: `#${next}` }, next === "/" ? "Go to the lobby" : "Go back"),
        h("a", { class: "btn", href: "#/account" }, "Your account")))));
}

/** #/signin: a name and a password; back where the person came from once signed in. */
export async function showSignIn(app, params) {
  await sessionReady;
  const next = nextOf(params);
  document.title = "angler: sign in";
  if (session.account) return signedInAlready(app, next);
  const name = nameInput("signin-name");
  const password = passwordInput("signin-password", "current-password");
  const alert = formError("signin-error");
  const button = h("button", { type: "submit", class: "btn primary", id: "signin-submit" }, "Sign in");
  const form = h("form", { id: "signin", class: "panel account-form", "aria-labelledby": "signin-title" },
    h("h1", { id: "signin-title" }, "Sign in"),
    field(name, "Name"),
    field(password, "Password"),
    showToggle("signin-show", password),
    alert,
    h("div", { class: "row" }, button),
    h("p", { class: "muted" }, "No account yet? ", h("a", { href: formLink("signup", next) }, "Sign up"),
      ". You may also play as a guest, with no account."));
  sending(form, button, "Signing in…", alert, async () => {
    await signIn(name.value, password.value);
    backTo(next);
  });
  replace(app, h("main", { class: "account-main" }, form));
  name.focus();
}

/** #/signup: a new account; back where the person came from once made. */
export async function showSignUp(app, params) {
  await sessionReady;
  const next = nextOf(params);
  document.title = "angler: sign up";
  if (session.account) return signedInAlready(app, next);
  const name = nameInput("signup-name");
  const password = passwordInput("signup-password", "new-password");
  const alert = formError("signup-error");
  const button = h("button", { type: "submit", class: "btn primary", id: "signup-submit" }, "Sign up");
  const form = h("form", { id: "signup", class: "panel account-form", "aria-labelledby": "signup-title" },
    h("h1", { id: "signup-title" }, "Sign up"),
    h("p", { class: "muted" }, "With an account, your name is shown at the table, and the seats you take follow you to your other devices."),
    field(name, "Name", "3 to 20 letters or digits, a letter first; single spaces and _ - . ' between them. Everyone at your tables sees it."),
    field(password, "Password", "8 characters or more, not your name."),
    showToggle("signup-show", password),
    alert,
    h("div", { class: "row" }, button),
    h("p", { class: "muted" }, "Have an account? ", h("a", { href: formLink("signin", next) }, "Sign in"), "."));
  sending(form, button, "Signing up…", alert, async () => {
    await signUp(name.value, password.value);
    backTo(next);
  });
  replace(app, h("main", { class: "account-main" }, form));
  name.focus();
}

// ----- the account's page -----

/** The live rooms where the account holds a seat, each with the way back to it (the lobby's
 * "Your tables" and the account page's). */
export function drawAccountRooms(list, rooms, titles) {
  if (!rooms.length) {
    return replace(list, h("li", { class: "muted" }, "No live game holds a seat of yours. A game you start or join while signed in is listed here, on every device you sign in on."));
  }
  return replace(list, rooms.map((held) => h("li", { "data-room": held.room, "data-seat": String(held.seat) },
    h("span", {}, h("strong", {}, titles[held.game] || held.game), ` · you are Player ${held.seat + 1}`),
    h("a", { class: "btn primary", href: `#/room/${encodeURIComponent(held.room)}` }, "Back to my seat"))));
}

/** #/account: who is signed in, their tables, a new password, signing out, deleting it. */
export async function showAccount(app) {
  await sessionReady;
  if (!session.account) {
    location.replace(`#/signin?next=${encodeURIComponent("/account")}`);
    return null;
  }
  const games = await gameList();
  const titles = Object.fromEntries(games.map((g) => [g.name, g.title]));
  const who = h("strong", { class: "account-name", id: "account-page-name" }, session.account.name);
  const tables = h("ul", { id: "account-rooms", class: "rooms", "aria-labelledby": "tables-title" },
    h("li", { class: "muted" }, "Loading your tables…"));
  const signOutButton = h("button", { type: "button", class: "btn", id: "signout" }, "Sign out");
  const signOutError = formError("signout-error");
  const state = { deleting: false, deleted: false };
  signOutButton.addEventListener("click", async () => {
    signOutButton.disabled = true;
    try {
      await signOut();
      location.hash = "#/";
    } catch (refusal) {
      signOutError.textContent = refusal.message;
      signOutButton.disabled = false;
    }
  });
  replace(app, h("main", { class: "account-page" },
    h("section", { class: "panel account-head" },
      h("h1", {}, "Your account"),
      h("p", {}, "Signed in as ", who, "."),
      h("div", { class: "row" }, signOutButton), signOutError),
    h("section", { class: "panel account-tables", "aria-labelledby": "tables-title" },
      h("h2", { id: "tables-title" }, "Your tables"), tables),
    passwordForm(),
    deleteForm(state, () => {
      state.deleted = true;
      replace(app, h("main", { class: "account-main" }, h("section", { class: "panel account-form", id: "account-deleted" },
        h("h1", {}, "Your account is deleted"),
        h("p", {}, "Your name is gone from every table: it shows as “Deleted player”. This browser still holds the seats it took; your other devices no longer do."),
        h("a", { class: "btn primary", href: "#/" }, "Back to the lobby"))));
    })));
  document.title = "angler: your account";
  myRooms().then((rooms) => drawAccountRooms(tables, rooms, titles))
    .catch((refusal) => replace(tables, h("li", { class: "muted" }, refusal.message)));
  // Signed out elsewhere (another tab, a password changed on another device): say so here.
  const stop = session.subscribe((account) => {
    if (state.deleting || state.deleted || !app.contains(who)) return;
    if (account) {
      who.textContent = account.name;
      return;
    }
    replace(app, h("main", { class: "account-main" }, h("section", { class: "panel account-form" },
      h("h1", {}, "You are signed out"),
      h("div", { class: "row" }, h("a", { class: "btn primary", href: formLink("signin", "/account") }, "Sign in"),
        h("a", { class: "btn", href: "#/" }, "Back to the lobby")))));
  });
  return stop;
}

function passwordForm() {
  const user = h("input", { type: "text", name: "username", autocomplete: "username", value: session.account.name, hidden: true, readonly: true });
  const current = passwordInput("current-password", "current-password");
  const fresh = passwordInput("new-password", "new-password");
  const alert = formError("password-error");
  const done = h("p", { id: "password-done", class: "form-done", role: "status" });
  const button = h("button", { type: "submit", class: "btn", id: "password-submit" }, "Change password");
  const form = h("form", { id: "change-password", class: "panel", "aria-labelledby": "password-title" },
    h("h2", { id: "password-title" }, "Change password"),
    user,
    field(current, "Current password"),
    field(fresh, "New password", "8 characters or more. Your other devices are signed out; this one stays signed in."),
    showToggle("password-show", current, fresh),
    alert, done,
    h("div", { class: "row" }, button));
  sending(form, button, "Changing…", alert, async () => {
    done.textContent = "";
    await changePassword(current.value, fresh.value);
    current.value = "";
    fresh.value = "";
    done.textContent = "Your password is changed. Your other devices are signed out.";
  });
  return form;
}

function deleteForm(state, deleted) {
  const user = h("input", { type: "text", name: "username", autocomplete: "username", value: session.account.name, hidden: true, readonly: true });
  const password = passwordInput("delete-password", "current-password");
  const alert = formError("delete-error");
  const button = h("button", { type: "submit", class: "btn danger", id: "delete-submit" }, "Delete my account");
  const form = h("form", { id: "delete-account", class: "panel danger-zone", "aria-labelledby": "delete-title" },
    h("h2", { id: "delete-title" }, "Delete account"),
    h("p", { class: "warning", id: "delete-warning" }, "This cannot be undone. Your name is taken off every table (it shows as “Deleted player”) and anyone may take it. The games you play go on; your other devices can no longer take up your seats."),
    user,
    field(password, "Your password, to confirm"),
    alert,
    h("div", { class: "row" }, button));
  password.setAttribute("aria-describedby", "delete-warning");
  sending(form, button, "Deleting…", alert, async () => {
    state.deleting = true; // the page says it is deleted, not merely signed out
    try {
      await deleteAccount(password.value);
    } finally {
      state.deleting = false;
    }
    deleted();
  });
  return form;
}
