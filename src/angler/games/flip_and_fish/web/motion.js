// Flip & Fish board: the cast's animation. The die travels from the aim to where it stopped
// (about 600 ms), rolling; while it moves it carries data-animating="true", then "false", with
// data-stop-x / data-stop-y (table mm, as in the event) throughout. The ruler appears when it stops.

import { sentences } from "./common.js";

export const ANIMATION_MS = 600;

export function progress(st) {
  if (!st.anim) return 1;
  return Math.min(1, (performance.now() - st.anim.t0) / ANIMATION_MS);
}

// Where the die is at progress p (0: the aim, 1: the stop), rolling as it goes.
export function placeDie(root, st, p) {
  const cast = st.payload.board.cast;
  const el = root.querySelector(".ff-die");
  if (!cast || !el) return;
  const [ax, ay] = cast.aim;
  const [sx, sy] = cast.stop;
  const e = 1 - Math.pow(1 - p, 3);
  const x = ax + (sx - ax) * e;
  const y = ay + (sy - ay) * e;
  const hop = Math.sin(Math.PI * Math.min(1, p * 1.6)) * 0.35 * (1 - p);
  const body = el.querySelector(".ff-die-body");
  el.setAttribute("transform", `translate(${x},${-y})`);
  if (body) body.setAttribute("transform", `rotate(${(1 - e) * 720}) scale(${1 + hop})`);
  const face = p >= 1 ? cast.face : ((Math.floor(p * 14) + cast.face) % 12) + 1;
  el.querySelectorAll("text").forEach((t) => (t.textContent = String(face)));
  el.dataset.animating = p >= 1 ? "false" : "true";
}

export function runAnimation(root, st) {
  const anim = st.anim;
  anim.running = true;
  const finish = () => {
    if (st.anim !== anim) return;
    st.anim = null;
    placeDie(root, st, 1);
    root.querySelectorAll(".ff-ruler.ff-hidden").forEach((g) => g.classList.remove("ff-hidden"));
    const line = root.querySelector(".ff-cast-line");
    const cast = st.payload.board.cast;
    if (line && cast) line.textContent = sentences(cast.story);
  };
  const tick = () => {
    if (st.anim !== anim) return;
    const p = progress(st);
    if (p >= 1) finish();
    else {
      placeDie(root, st, p);
      requestAnimationFrame(tick);
    }
  };
  requestAnimationFrame(tick);
  setTimeout(finish, ANIMATION_MS + 300); // a hidden tab gets no frames: end it anyway
}
