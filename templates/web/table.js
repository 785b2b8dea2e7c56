// hyvekit serve: the table, live. The page is drawn from the JSON `next --json` gives; every
// change of the record reaches it as a server-sent event; a step is a POST with the link's
// token. Text only ever goes in through textContent: nothing a record holds becomes markup.
"use strict";
(function () {
  const body = document.body;
  const cid = body.dataset.cid, token = body.dataset.token;
  const role = body.dataset.role, player = body.dataset.player;
  const tv = body.dataset.view === "tv";   // the TV view: the room reads it, nobody taps it
  const hints = body.dataset.hints === "on"; // the advisor's hint button (serve --no-hints: off)
  let hintFor = null;                  // the decision the hint shown was for
  const decisionKey = (data) => `${data.prompt}|${(data.legal || []).join("|")}`;
  const $ = (id) => document.getElementById(id);
  let current = JSON.parse($("initial").textContent);
  let busy = false;
  let openFold = null;                 // the fold of options open (HYVE: the bee chosen)
  let openGroup = null;                // the group of options open (forage, raid...)
  let lastSeq = current.seq || 0;      // the newest event this page has had
  const LOGGED = tv ? 6 : 12;          // steps the log shows
  const TV_SHOWN = 12;                 // options the TV shows each of (more: their groups)
  const TV_GROUP = 8;                  // ... of a group of at most so many (more: counted)

  function el(tag, text, cls) {
    const e = document.createElement(tag);
    if (text !== undefined && text !== null) e.textContent = String(text);
    if (cls) e.className = cls;
    return e;
  }

  function mayAct(data) {
    if (data.decision === null || role === "watch" || tv) return false;
    if (role === "host") return true;
    return data.actor === null || data.actor.toLowerCase() === player.toLowerCase();
  }

  // the options grouped by their first word (the actor's name left out), as `next` lists them
  function groups(legal, actor) {
    const out = new Map();
    const own = actor ? `${actor}: ` : null;
    for (const option of legal) {
      const body = own && option.startsWith(own) ? option.slice(own.length) : option;
      const head = /^\d+$/.test(body) ? "or the face rolled"          // a die's faces together
        : body.includes("@") && !body.includes(" ") ? "@" : body.split(" ")[0];
      if (!out.has(head)) out.set(head, []);
      out.get(head).push(option);
    }
    return out;
  }

  const SHOWN = 60;      // options shown in one fold
  const FOLDED = 16;     // a group of more options is folded by its first two words

  // what an option changes (next --json's preview), the deciding player's name left out
  // ... the deciding player's first, the others' after with their names (cli/table.own_first)
  function changeWords(change, own) {
    if (!change) return "nothing shown changes";
    const items = change.split("; ");
    const mine = items.filter((c) => own && c.startsWith(own)).map((c) => c.slice(own.length));
    return [...mine, ...items.filter((c) => !(own && c.startsWith(own)))].join("; ");
  }

  // a step as a sentence, for the TV's last steps and the live region: "Ann: raid Bo 2" →
  // "Ann chose raid Bo 2.", "dice 2 5" → "The dice show 2 5."
  function sentence(step) {
    const text = String(step).trim();
    const mine = /^("[^"]+"|[^:"]+): (.+)$/.exec(text);
    // Queen Bee's dice, "Ann: b4,y2" → "Ann rolled black 4, yellow 2."
    const faces = mine && /^[by]\d+(,[by]\d+)*$/.test(mine[2]) ? mine[2].split(",") : null;
    if (faces) return `${mine[1].replaceAll('"', "")} rolled ${faces.map((f) =>
      `${f[0] === "b" ? "black" : "yellow"} ${f.slice(1)}`).join(", ")}.`;
    if (mine) return `${mine[1].replaceAll('"', "")} chose ${mine[2]}.`;
    const rolled = /^(?:dice )?([0-9 ]+)$/.exec(text);
    if (rolled) return `The dice show ${rolled[1].replaceAll(" ", "").split("").join(" ")}.`;
    const card = /^card "(.+)"$/.exec(text);
    if (card) return `The card “${card[1]}” is turned over.`;
    const bee = /^(\w+)@([A-Z]\d+)$/.exec(text);
    if (bee) return `A ${bee[1]} is placed on ${bee[2]}.`;
    return `Played: ${text}.`;
  }

  // the one polite live region: each step in a sentence, a few at once together, and the
  // player's turn when it comes
  let heard = [];
  function announce(text) {
    heard.push(text);
    if (heard.length > 1) return;
    window.setTimeout(() => { $("announce").textContent = heard.join(" "); heard = []; }, 150);
  }

  // a player's own decision; a solo game's ("player") is the host's
  function isMine(data) {
    return !tv && data.decision !== null && ((role === "player" && data.actor
      && data.actor.toLowerCase() === player.toLowerCase()) || (role === "host" && data.actor === "player"));
  }

  function renderDue(data) {
    $("prompt").textContent = data.prompt;
    const mine = isMine(data);
    const dice = data.decision === "dice";
    $("actor").textContent = data.decision === null ? "" :
      mine ? (dice ? "your turn: roll" : "your turn") :
      data.actor === "player" ? "the player decides" :
      data.actor ? (dice ? `a die is due, ${data.actor} rolls` : `${data.actor} decides`) :
      (data.auto ? "the rules leave no choice" : "a die is due");
    $("actor").className = mine ? "mine" : "";
    document.title = `${mine ? "● your turn · " : ""}${data.name} · hyvekit`;
    const options = $("options");
    options.replaceChildren();
    const acting = mayAct(data), can = acting && !busy;
    const list = $("legal");
    list.replaceChildren();
    // an option names its actor when the decision is a player's: the button need not
    const own = data.actor ? `${data.actor}: ` : null;
    const grouped = groups(data.legal, data.actor);
    // a button for whoever may take it, else what may be chosen; each with its odds or what
    // it would change, so the room follows what the deciding player weighs
    const option = (step) => {
      const label = own && step.startsWith(own) ? step.slice(own.length) : step;
      const b = el(acting ? "button" : "span", label, acting ? null : "chip");
      if (acting) {
        b.type = "button";
        b.disabled = !can;
        b.dataset.step = step;
        b.addEventListener("click", () => send("step", { step, seq: current.seq }));
      }
      if (data.odds && data.odds[step]) b.append(el("small", data.odds[step], "odds"));
      else if (data.preview && data.preview[step] !== undefined) {
        b.append(el("small", changeWords(data.preview[step], own), "preview"));
      }
      return b;
    };
    if (tv) {
      renderTvOptions(options, data, grouped, option);
      return;
    }
    // too many options to work out what each changes after every step: the page says so,
    // and each group of them offers its previews on a tap
    const skipped = Boolean(data.previews_skipped);
    if (skipped) {
      options.append(el("p", `No previews of these ${data.legal.length} options: more than ` +
        `${data.previews_most} are not worked out after every step (it would slow each step). ` +
        "Tap “what would these change?” under the ones you weigh.", "more why"));
    }
    const ask = (container, steps) => {
      const missing = steps.filter((x) => !(data.preview && x in data.preview));
      if (!skipped || !missing.length) return;
      const b = el("button", "what would these change?", "secondary ask");
      b.type = "button";
      b.addEventListener("click", () => askPreviews(missing, b));
      container.append(b);
    };
    // many options in several groups: each group folded under its name and count, one open
    const folding = grouped.size > 1 && data.legal.length > FOLDED;
    const heads = [...grouped.keys()].filter((h) => grouped.get(h).length > 1);
    const openHead = heads.includes(openGroup) ? openGroup : heads[0];
    // Queen Bee: the steps of one word (done, end, accept, pass) above the folds of many, so
    // a phone need not scroll past 120 moves to end a Flight
    const entries = [...grouped];
    const ordered = folding && data.game === "queenbee"
      ? [...entries.filter(([, i]) => i.length === 1), ...entries.filter(([, i]) => i.length > 1)]
      : entries;
    for (const [head, items] of ordered) {
      const name = head === "@" ? "BEE@HEX" : head;
      let target = options;
      if (folding && items.length > 1) {    // a group of one option is its button alone
        const g = el("details", null, "group-fold");
        g.open = head === openHead;
        g.addEventListener("toggle", () => {
          if (!g.open) return;
          openGroup = head;                  // one open: the others close
          for (const o of options.querySelectorAll(":scope > details")) if (o !== g) o.open = false;
        });
        g.append(el("summary", `${name} (${items.length})`));
        target = el("div", null, "folded");
        g.append(target);
        options.append(g);
      } else if (grouped.size > 1) options.append(el("div", name, "group"));
      // HYVE's placements (BEE@HEX): a fold a bee, its hexes tapped on the grid
      const placing = acting && data.game === "hyve" && head === "@" && data.table;
      if (items.length <= FOLDED && !placing) {
        for (const step of items) target.append(option(step));
        ask(target, items);
        continue;
      }
      // many options: folded by their first two words ("fly 3", "forage bloom"), one open
      const sub = new Map();
      for (const step of items) {
        const key = foldKey(own && step.startsWith(own) ? step.slice(own.length) : step);
        if (!sub.has(key)) sub.set(key, []);
        sub.get(key).push(step);
      }
      if (sub.size === items.length) {      // nothing to fold together
        for (const step of items.slice(0, SHOWN)) target.append(option(step));
        if (items.length > SHOWN) target.append(el("span", `… and ${items.length - SHOWN} more: type them`, "more"));
        ask(target, items.slice(0, SHOWN));
        continue;
      }
      const chosen = [...sub.keys()].includes(openFold) ? openFold : [...sub.keys()][0];
      for (const [key, steps] of sub) {
        const d = el("details");
        d.open = key === chosen;            // one fold open: the one chosen, else the first
        if (d.open) openFold = key;
        d.addEventListener("toggle", () => { if (d.open) openFold = key; });
        d.append(el("summary", `${key} (${steps.length})`));
        const inner = el("div", null, "folded");
        let list = inner;
        if (placing) {
          inner.append(hexGrid(data.table, key));      // the grid is the input: tap a hex
          const more = el("details", null, "as-list");
          more.append(el("summary", `or pick from a list (${steps.length})`));
          list = el("div", null, "folded");
          more.append(list);
          inner.append(more);
        }
        for (const step of steps.slice(0, SHOWN)) list.append(option(step));
        if (steps.length > SHOWN) inner.append(el("span", `… and ${steps.length - SHOWN} more: type them`, "more"));
        ask(inner, steps.slice(0, SHOWN));
        d.append(inner);
        target.append(d);
      }
    }
    for (const option of data.legal) list.append(el("option", option));
    $("typed").hidden = !mayAct(data);
    $("more").textContent = data.more ? `(${data.more})` : "";
    $("host").hidden = role !== "host";
    $("undo").disabled = busy;
    // the hint: for a player's own decision (the host's link: anyone's), never a die's
    $("hinting").hidden = !(hints && mayAct(data) && data.actor !== null);
    if (hintFor !== decisionKey(data)) $("hint-lines").hidden = true;   // shown for another
    $("hint").disabled = busy;
  }

  // the fold of an option among many: "fly 3 P w" under "fly 3"; a bee on a hex ("2@C3")
  // under its bee ("2@")
  function foldKey(body) {
    const words = body.split(" ");
    return words.length > 1 ? words.slice(0, 2).join(" ")
      : body.includes("@") ? body.split("@")[0] + "@" : body;
  }

  // the TV: every option with its preview when they are few, else each group with its count
  // (a single group: its folds)
  function renderTvOptions(options, data, grouped, option) {
    if (data.legal.length <= TV_SHOWN) {
      for (const step of data.legal) options.append(option(step));
      return;
    }
    const own = data.actor ? `${data.actor}: ` : null;
    const key = grouped.size > 1 ? null
      : (step) => foldKey(own && step.startsWith(own) ? step.slice(own.length) : step);
    const counts = key ? new Map() : grouped;
    if (key) {
      for (const step of data.legal) {
        if (!counts.has(key(step))) counts.set(key(step), []);
        counts.get(key(step)).push(step);
      }
    }
    // small groups each option with its preview (TV_SHOWN in all; those with odds first, then
    // the smallest), the others counted
    let budget = TV_SHOWN;
    const odds = (head) => counts.get(head).some((x) => data.odds && data.odds[x]) ? 0 : 1;
    const order = [...counts.keys()].sort((a, b) => odds(a) - odds(b)
                                          || counts.get(a).length - counts.get(b).length);
    const full = new Set(order.filter((head) => {
      const n = counts.get(head).length;
      if (n > TV_GROUP || n > budget) return false;
      budget -= n;
      return true;
    }));
    for (const [head, items] of counts) {
      if (full.has(head)) for (const step of items) options.append(option(step));
      else options.append(el("span", `${head === "@" ? "BEE@HEX" : head}: ${items.length}`, "chip"));
    }
    options.append(el("p", `${data.legal.length} options, each on the deciding player's page`, "more"));
  }

  // the previews of ``steps`` asked on a tap (the server works out at most previews_most at
  // once), shown when the table has not moved on meanwhile
  async function askPreviews(steps, button) {
    button.disabled = true;
    button.textContent = "working out…";
    const seq = current.seq, most = current.previews_most || steps.length, got = {};
    try {
      for (let i = 0; i < steps.length; i += most) {
        const q = new URLSearchParams({ k: token, seq: String(seq) });
        for (const step of steps.slice(i, i + most)) q.append("o", step);
        const r = await fetch(`/t/${encodeURIComponent(cid)}/preview?${q}`);
        const answer = await r.json().catch(() => ({ error: `the server answered ${r.status}` }));
        if (!r.ok) throw new Error(answer.error || `refused (${r.status})`);
        Object.assign(got, answer.preview);
      }
    } catch (e) {
      $("error").textContent = `no previews: ${e.message}`;
    }
    if (current.seq === seq) {
      current.preview = { ...(current.preview || {}), ...got };
      renderDue(current);
    }
  }

  // rows of named values as a table; on a phone each row is a card of "name value" lines
  // (table.css: td::before shows the column's name), so nothing scrolls sideways
  function rowsTable(keys, rows, cell) {
    const t = el("table", null, "rows"), head = el("thead"), tr0 = el("tr"), tb = el("tbody");
    for (const k of keys) {
      const th = el("th", k.replaceAll("_", " "));
      th.scope = "col";
      tr0.append(th);
    }
    head.append(tr0);
    for (const row of rows) {
      const tr = el("tr");
      for (const k of keys) {
        const td = el("td");
        td.dataset.label = k.replaceAll("_", " ");
        td.append(cell(row, k));
        tr.append(td);
      }
      tb.append(tr);
    }
    t.append(head, tb);
    return t;
  }

  function renderValue(v) {
    if (v === null || v === undefined || v === "") return el("span", "–");
    if (Array.isArray(v)) {
      if (v.length && v.every((x) => x && typeof x === "object" && !Array.isArray(x))) {
        const keys = [];
        for (const row of v) for (const k of Object.keys(row)) if (!keys.includes(k)) keys.push(k);
        return rowsTable(keys, v, (row, k) => renderValue(row[k]));
      }
    if (v.every((x) => typeof x !== "object")) {
        // rows of a board (a honeycomb, a hyve) or names: a line each; short words: a list
        const board = v.some((x) => /\S {2,}\S|^\s/.test(String(x)));    // aligned columns
        if (board) return el("pre", v.join("\n"));
        if (v.some((x) => String(x).length > 12 || String(x).includes(" "))) {
          const ul = el("ul", null, "lines");
          for (const x of v) ul.append(el("li", x));
          return ul;
        }
        return el("span", v.join(", "));
      }
      const ul = el("ul");
      for (const x of v) { const li = el("li"); li.append(renderValue(x)); ul.append(li); }
      return ul;
    }
    if (typeof v === "object") {
      const dl = el("dl");
      for (const [k, x] of Object.entries(v)) {
        dl.append(el("dt", k.replaceAll("_", " ")));
        const dd = el("dd");
        dd.append(renderValue(x));
        dl.append(dd);
      }
      return dl;
    }
    if (typeof v === "boolean") return el("span", v ? "yes" : "no");
    return el("span", v);
  }

  // the decision in view: after a tap, and when a new one is this page's to take
  function showDue() {
    const top = $("due").getBoundingClientRect().top;
    if (top < 0 || top > window.innerHeight * 0.6) $("due").scrollIntoView({ block: "start" });
  }

  // --- each game's table as players read it (anything else: renderValue) -----------------

  function line(...parts) { return el("p", parts.filter((x) => x !== null && x !== "").join(" · "), "line"); }

  function card(title, ...children) {
    const c = el("div", null, "card");
    c.append(el("h3", title));
    for (const child of children) if (child) c.append(child);
    return c;
  }

  // a Beez player's score: the total, then each objective (its honey, why; * a value or a
  // reading that is hyvekit's assumption, the assumptions said under it)
  function beezScore(p) {
    if (!p || typeof p !== "object" || !Array.isArray(p.objectives)) return renderValue(p);
    const rows = p.objectives.map((o) => ({ objective: `${o.name}${o.assumed ? " *" : ""}`,
                                           honey: o.honey, why: o.detail }));
    const c = card(`${p.name}: ${p.total}`, line(`large nectar ${p.large_nectar}`),
                   rowsTable(["objective", "honey", "why"], rows, (row, k) => el("span", row[k])));
    if ((p.assumptions || []).length) {
      const list = el("ul", null, "more");
      for (const a of p.assumptions) list.append(el("li", `* ${a}`));
      c.append(list);
    }
    return c;
  }

  const VIEWS = {
    beelives(v) {
      const out = [line(`year ${v.year}`, `${v.month} (${v.season})`, v.phase),
                   line(`card: ${v.card || "none yet"}`, `first player: ${v.first_player}`)];
      if (v.card_text) out.push(el("p", v.card_text, "cardtext"));
      if (v.carried) {
        out.push(el("p", `from last month's card (${v.carried.card}): ${v.carried.effects.join("; ")}`,
                    "cardtext"));
      }
      for (const c of v.solo_cards || []) {
        out.push(el("p", `${c.kind} card: ${c.name} — ${c.text}`, "cardtext"));
      }
      for (const h of v.hives || []) {
        const tokens = [h.paused ? "queen paused" : "", h.swarm_token ? "swarm token" : "",
                        h.skip_feeding ? "skip feeding token" : "",
                        h.mite_standing ? "mite standing" : "",
                        h.starvation ? `starvation tokens ${h.starvation}` : ""];
        out.push(card(`${h.name} (${h.queen})`,
          line(`${h.workers} bees (${h.free} free)`, `honey ${h.honey}`, `pollen ${h.pollen}`,
               `water ${h.water}`),
          line(`comb ${h.comb} (${h.empty} empty)`, `swarm threshold ${h.threshold}`,
               `disease ${h.disease}`, `VP ${h.vp}`),
          tokens.some((t) => t) ? line(...tokens) : null));
      }
      if ((v.wild || []).length) {
        out.push(el("h3", "wild hives"));
        out.push(renderValue(v.wild));
      }
      if (v.map) { out.push(el("h3", "map")); out.push(renderValue(v.map)); }
      return out;
    },
    beez(v) {
      const out = [line(v.over ? "the game is over" : `round ${v.round}`,
                        v.turn ? `${v.turn}'s turn` : "", v.end_triggered ? "the end is triggered" : "",
                        v.expert ? "rules for experts" : "")];
      if (v.flight) out.push(line(`flight of ${v.flight.distance}`, `to store: ${v.flight.left.join(" ")}`));
      out.push(line(`common objectives: ${(v.common || []).join(", ")}`));
      const rows = "ABCDE";
      for (const p of v.players || []) {
        const comb = el("pre", (p.honeycomb || []).map((r, i) => `${rows[i] || " "} ${r}`).join("\n"), "comb");
        out.push(card(p.name + (p.name === v.turn ? " · turn" : ""),
          line(`nectar ${p.nectar}`, `large ${p.large_nectar}`, `secret: ${Array.isArray(p.secret) ? p.secret.join(", ") : p.secret}`),
          comb));
      }
      if (v.scores) { out.push(el("h3", "scores")); out.push(...(v.scores || []).map(beezScore)); }
      if (v.winners) out.push(line(`winner: ${v.winners.join(" and ")}`));
      if (v.scores && !tv) out.push(reviewButton());    // the advisor's review (docs/advisor.md)
      out.push(el("h3", "nectar left on the flowers"));
      out.push(renderValue(v.flowers));
      return out;
    },
  };

  // HYVE's colours: a fill with text that reads on it (table.css), and a symbol of its own,
  // so no colour is told by its fill alone
  const SYMBOLS = { yellow: "●", blue: "◆", green: "▲", purple: "■", red: "✚" };

  const hyveColour = (v, face) => (v.colours || {})[String(face)];
  function paint(v, e, face) {
    const name = hyveColour(v, face);
    if (!name) return;
    e.classList.add("colour", `colour-${name}`);
    e.dataset.symbol = SYMBOLS[name] || "";
    e.title = name;
  }

  // the active hyve: its rows of hexes, each named as the steps name it (A1, C3...); with
  // ``bee`` ("2@", the fold of options open) each hex it may go on is a button: a tap (or
  // Enter) places it there
  function hexGrid(v, bee) {
    const hyve = el("div", null, "hyve");
    for (const row of v.hyve || []) {
      const letter = row.trim()[0];
      const cells = row.trim().slice(1).trim().split(/\s+/);
      const r = el("div", null, "hexrow");
      cells.forEach((cell, i) => {
        const at = `${letter}${i + 1}`;
        const step = bee ? `${bee}${at}` : null;
        const target = step && mayAct(current) && current.legal.includes(step);
        const h = el(target ? "button" : "span", null, "hex" + (cell === "." ? " empty" : ""));
        h.append(el("b", cell === "." ? "" : cell), el("small", at));
        const face = Number(cell[0]);
        if (face >= 1 && face <= 5) paint(v, h, face);
        if (target) {
          h.type = "button";
          h.classList.add("target");
          h.disabled = busy;
          h.dataset.step = step;
          h.title = step;
          h.setAttribute("aria-label", `place ${step}`);
          h.addEventListener("click", () => send("step", { step, seq: current.seq }));
        } else {
          h.setAttribute("role", "img");
          h.setAttribute("aria-label", cell === "." ? `${at} empty` : `${at} ${cell}${hyveColour(v, face) ? ` (${hyveColour(v, face)})` : ""}`);
        }
        r.append(h);
      });
      hyve.append(r);
    }
    return hyve;
  }

  VIEWS.hyve = function (v, data) {
    const colour = (face) => hyveColour(v, face);
    const die = (face, dim) => {
      const d = el("span", face === 6 ? "W" : String(face), "die" + (dim ? " dim" : ""));
      paint(v, d, face);
      d.setAttribute("role", "img");
      d.setAttribute("aria-label", `${face === 6 ? "W" : face}${colour(face) ? ` (${colour(face)})` : ""}${dim ? ", used" : ""}`);
      return d;
    };
    const out = [line(v.mode_label, `turn ${v.turn} of ${v.turns}`, v.season || "",
                      v.status !== "playing" ? `${v.status}: ${(v.end || []).join(", ")}` : ""),
                 line(`HP die ${v.hp.die} on ${v.hp.space}`,
                      v.hp.to_collapse ? `${v.hp.to_collapse} from Colony Collapse` : "",
                      v.hp.to_thriving ? `${v.hp.to_thriving} from Thriving` : "",
                      `population ${v.population}`)];
    const bread = el("p", "bread ", "line");
    for (const [face, level] of Object.entries(v.bread || {})) {
      bread.append(die(Number(face)), el("span", ` ${level}  `));
    }
    out.push(bread);
    if ((v.dice || []).length) {
      const dice = el("p", "dice ", "line");
      const left = [...(v.unassigned || [])];
      for (const face of v.dice) {
        const i = left.indexOf(face);
        if (i >= 0) left.splice(i, 1);
        dice.append(die(face, i < 0), el("span", " "));
      }
      out.push(dice);
    }
    out.push(el("h3", `hyve ${v.active_hyve}`));
    out.push(hexGrid(v, null));
    for (const key of ["hyve_scores", "chamber", "jellies", "effects_left", "perks", "rewards_taken"]) {
      if (v[key] && (!Array.isArray(v[key]) || v[key].length)) {
        out.push(el("h3", key.replaceAll("_", " ")));
        out.push(renderValue(v[key]));
      }
    }
    // a finished scenario: the advisor's review (docs/advisor.md, "Faces for HYVE")
    if (v.status && v.status !== "playing" && data && data.decision == null && !tv) {
      out.push(reviewButton());
    }
    return out;
  };

  // --- Queen Bee: the board as a map (hyvekit/web/queenbee_map.py places the spaces), each
  // player's bees in their colour with a symbol by type, and the battle as sentences -------

  const QB_SYMBOL = { queen: "♛", warrior: "▲", worker: "●" };
  const QB_ORDER = ["queen", "warrior", "worker"];
  const SVG_NS = "http://www.w3.org/2000/svg";
  let qbZoom = null;                   // the part of the board shown (null: all of it)
  function svg(tag, attrs, text) {
    const e = document.createElementNS(SVG_NS, tag);
    for (const [k, x] of Object.entries(attrs || {})) e.setAttribute(k, String(x));
    if (text !== undefined) e.textContent = String(text);
    return e;
  }
  // a player's bees on a space in words and in symbols: "Ann: queen, 2 warriors" / "♛ ▲2"
  const qbWords = (b) => `${b.player}: ${QB_ORDER.filter((k) => b[k]).map((k) =>
    k === "queen" ? "queen" : `${b[k]} ${k}${b[k] > 1 ? "s" : ""}`).join(", ")}`;
  const qbSymbols = (b) => QB_ORDER.filter((k) => b[k]).map((k) =>
    k === "queen" ? QB_SYMBOL[k] : `${QB_SYMBOL[k]}${b[k]}`).join(" ");
  const qbSwatch = (seat, text) => el("span", text, `qb-bee seat-${seat}`);

  function qbMap(map, battle, seats) {
    const at = new Map(map.spaces.map((s) => [s.name, s]));
    // the part of the board shown: all of it, or (a phone's zoom) a hive or the battle
    const areas = [["the whole board", map.spaces]];
    if (battle) areas.push(["the battle", [at.get(battle.from), at.get(battle.space)]]);
    for (const [hive, name] of Object.entries(map.hives)) {
      if (name) areas.push([`${name}'s hive`, map.spaces.filter((s) => String(s.hive) === hive)]);
    }
    const shown = areas.find(([name]) => name === qbZoom) || areas[0];
    const xs = shown[1].map((s) => s.x), ys = shown[1].map((s) => s.y);
    const margin = shown === areas[0] ? 1 : 2.6;
    const side = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys), 5) + 2 * margin;
    const x0 = (Math.min(...xs) + Math.max(...xs) - side) / 2, y0 = (Math.min(...ys) + Math.max(...ys) - side) / 2;
    const box = svg("svg", { viewBox: `${x0} ${y0} ${side} ${side}`, class: "qb-board", role: "img" });
    const occupied = Object.keys(map.bees).length;
    box.setAttribute("aria-label", `the board (${shown[0]} shown): ${map.spaces.length} spaces, bees on ${occupied} of them (listed under the map)`);
    const lines = svg("g", { class: "qb-lines", "aria-hidden": "true" });
    for (const [a, b] of map.lines) {
      const p = at.get(a), q = at.get(b);
      const tunnel = [p.type, q.type].includes("tunnel");
      lines.append(svg("line", { x1: p.x, y1: p.y, x2: q.x, y2: q.y, class: tunnel ? "tunnel" : "" }));
    }
    box.append(lines);
    const fought = battle ? [battle.from, battle.space] : [];
    for (const s of map.spaces) {
      const g = svg("g", { class: `qb-space ${s.type}`, transform: `translate(${s.x} ${s.y})` });
      const bees = map.bees[s.name] || [];
      const title = `${s.name} (${s.type}${s.larva ? ", larva space" : ""})` +
        (bees.length ? `: ${bees.map(qbWords).join("; ")}` : "");
      g.append(svg("title", {}, title));
      if (fought.includes(s.name)) g.append(svg("circle", { r: 0.98, class: "qb-battle" }));
      g.append(svg("circle", { r: bees.length ? 0.8 : 0.58, class: "qb-cell" }));
      if (bees.length) {                    // its name, then whose bees (initial) and which
        const b = bees[0];
        const kinds = `${b.player[0]}${bees.length > 1 ? "+" : ""} ${bees.map(qbSymbols).join(" ")}`;
        g.append(svg("circle", { r: 0.74, class: `qb-owner seat-${b.seat}` }),
                 svg("text", { y: -0.3, class: "qb-on" }, s.name),
                 svg("text", { y: 0.2, class: "qb-count", "font-size": kinds.length > 6 ? 0.3 : 0.42 }, kinds));
      } else g.append(svg("text", { y: 0.04, class: "qb-name" }, s.name));
      box.append(g);
    }
    const wrap = el("figure", null, "qb-map");
    if (!tv) {                          // a phone reads a hive or the battle closer
      const zoom = el("div", null, "qb-zoom");
      zoom.setAttribute("role", "group");
      zoom.setAttribute("aria-label", "the part of the board shown");
      for (const [name] of areas) {
        const b = el("button", name, "secondary");
        b.type = "button";
        b.setAttribute("aria-pressed", String(name === shown[0]));
        b.addEventListener("click", () => {
          qbZoom = name;
          render(current);                // the map drawn again: the same button keeps focus
          const again = [...document.querySelectorAll(".qb-zoom button")].find((x) => x.textContent === name);
          if (again) again.focus();
        });
        zoom.append(b);
      }
      wrap.append(zoom);
    }
    wrap.append(box);
    const legend = el("figcaption", null, "qb-legend");
    for (const [seat, name] of seats.entries()) legend.append(qbSwatch(seat, name), el("span", " "));
    legend.append(el("span", `♛ queen · ▲ warrior · ● worker · ${map.spaces.length} spaces: nests, hive, tunnel, grass (dashed lines: tunnels)`));
    wrap.append(legend);
    return wrap;
  }

  // the dice as they lie: "b4,y2" → a black 4, a yellow 2
  function qbDice(text) {
    const out = el("span", null, "qb-dice");
    if (!text) { out.textContent = "not rolled yet"; return out; }
    for (const die of text.split(",")) {
      const colour = die[0] === "y" ? "yellow" : "black";
      const d = el("span", die.slice(1), `qb-die ${colour}`);
      d.setAttribute("role", "img");
      d.setAttribute("aria-label", `${colour} ${die.slice(1)}`);
      out.append(d, el("span", " "));
    }
    return out;
  }

  const QB_STAGE = {
    before: "Step 1: the attacker may play Smoker or Stuck in a Web before the battle.",
    answer: "The defender may answer the card just played.",
    roll: "The dice are being rolled: yellow for each worker, black for each warrior and the queen.",
    reroll: "Keep the dice, or re-roll them (once a battle for each side).",
    cards: "Step 4: the side losing after the rolls may play battle cards, or accept.",
    escape: "Bee Escape: the saved bees are placed.",
    occupy: "The attacker won: its bees move onto the space.",
  };

  function qbBattle(b) {
    const c = card(`battle on ${b.space}`);
    c.classList.add("qb-fight");
    c.append(el("p", `${b.attacker} attacks ${b.space} from ${b.from}: ${b.attacker_bees} against ${b.defender}'s ${b.defender_bees}.`));
    if (QB_STAGE[b.stage]) c.append(el("p", QB_STAGE[b.stage], "more"));
    const dice = el("p", null, "line");
    dice.append(el("span", `${b.attacker}'s dice `), qbDice(b.attacker_dice),
                el("span", ` · ${b.defender}'s dice `), qbDice(b.defender_dice));
    c.append(dice);
    // a total of 0 for a side yet to roll reads as a roll of 0: said as still to roll
    const mine = b.totals.split(" against ")[0];
    if (b.defender_dice) c.append(el("p", `Totals: ${b.totals}.`, "line"));
    else if (b.attacker_dice) c.append(el("p", `${b.attacker}'s total: ${mine}; ${b.defender} still to roll.`, "line"));
    if (b.attack_odds) c.append(el("p", b.attack_odds_keep
      ? `The attack succeeds ${b.attack_odds} of the time with ${b.rerolling}'s best re-roll, ${b.attack_odds_keep} if ${b.rerolling} keeps these dice.`
      : `The attack succeeds ${b.attack_odds} of the time.`, "qb-odds"));
    if ((b.cards || []).length) {
      const list = el("ul", null, "lines");
      for (const x of b.cards) list.append(el("li", x));
      c.append(el("p", "Cards played:", "line"), list);
    }
    return c;
  }

  VIEWS.queenbee = function (v, data) {
    const seats = (v.players || []).map((p) => p.name);
    const seatOf = new Map(seats.map((n, i) => [n, i]));
    const out = [line(v.turn ? `${v.turn}'s turn` : "the match is over", v.turn ? v.phase : "",
                      `deck ${v.deck} cards`, `discard ${v.discard} cards`,
                      (v.fallen || []).length ? `fallen: ${v.fallen.join(", ")}` : "")];
    if (v.just_played) out.push(el("p", `just played: ${v.just_played}`, "cardtext"));
    if (v.action) {
      out.push(line(`action: ${v.action.kind}`, v.action.spaces_left ? `${v.action.spaces_left} spaces left to move` : "",
                    v.action.target ? `onto ${v.action.target}` : ""));
    }
    if (v.battle) out.push(qbBattle(v.battle));
    if (data && data.board_map) out.push(qbMap(data.board_map, v.battle, seats));
    const players = el("div", null, "qb-players");
    for (const p of v.players || []) {
      const seat = seatOf.get(p.name);
      const c = card("");
      c.querySelector("h3").append(qbSwatch(seat, p.name), el("span", ` · hive ${p.hive}${p.name === v.turn ? " · turn" : ""}`));
      c.append(line(`hand ${p.hand} ${p.hand === 1 ? "card" : "cards"}`, `${p.bees} bees on the board`,
                    `${p.reserve} in reserve`),
               line(p.queen ? `queen on ${p.queen}${p.queen_left_nest ? " (has left the nest)" : ""}` : "queen defeated",
                    p.serves !== p.name ? `serves ${p.serves}'s queen (forced alliance)` : "",
                    p.skills ? `skills: ${p.skills}` : ""));
      players.append(c);
    }
    out.push(players);
    if (data && data.board_map) {      // the map's text alternative: the bees, space by space
      const d = el("details", null, "qb-list");
      const bees = Object.entries(data.board_map.bees);
      d.append(el("summary", `the bees, space by space (${bees.length} spaces)`));
      const list = el("ul", null, "lines");
      for (const [space, here] of bees) list.append(el("li", `${space}: ${here.map(qbWords).join("; ")}`));
      d.append(list);
      out.push(d);
    }
    if (v.board_assumed) out.push(el("p", "The board is hyvekit's assumed layout (the rulebook prints no map): docs/queenbee-table.md.", "more"));
    return out;
  };

  function renderFinal(final) {
    const c = card("final scores");
    const rows = (final.players || []).map((p) => ({ player: p.name, total: p.total,
                                                    "can win": p.eligible ? "yes" : "no" }));
    c.append(rowsTable(["player", "total", "can win"], rows, (row, k) => el("span", row[k])));
    const winners = final.winners || [];
    c.append(line(winners.length ? `winner: ${winners.join(" and ")}` : "no winner",
                  final.tiebreak ? `tie-breaker: ${final.tiebreak}` : "",
                  final.rating ? `solo rating: ${final.rating}` : ""));
    if (current.game === "beelives" && !tv) c.append(reviewButton());
    return c;
  }

  // the advisor's answer to a POST of `what` (hint, review): its JSON, or null with the
  // refusal on the error line
  async function asked(what) {
    const r = await fetch(`/t/${encodeURIComponent(cid)}/${what}`, {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ k: token }),
    });
    const answer = await r.json().catch(() => ({ error: `the server answered ${r.status}` }));
    if (r.ok) return answer;
    $("error").textContent = answer.error || `refused (${r.status})`;
    return null;
  }

  // the finished game's review: each choice worse than a better option (docs/advisor.md)
  let reviewed = null;
  function reviewButton() {
    const out = el("div", null, "review");
    const lines = el("pre", reviewed ? reviewed.join("\n") : null, "review-lines");
    const b = el("button", "review the game: the choices a better option beat (a minute or two)", "secondary");
    b.type = "button";
    b.id = "review";
    b.hidden = reviewed !== null;
    b.addEventListener("click", async () => {
      b.disabled = true;
      b.textContent = "reviewing…";
      try {
        const answer = await asked("review");
        if (answer) { reviewed = answer.lines; lines.textContent = reviewed.join("\n"); b.hidden = true; }
      } catch (e) {
        $("error").textContent = "the table cannot be reached: no review";
      } finally {
        b.disabled = false;
        b.textContent = "review the game: the choices a better option beat";
      }
    });
    out.append(b, lines);
    return out;
  }

  function renderTable(data) {
    const view = VIEWS[data.game];
    const out = view && data.table ? view(data.table, data) : [renderValue(data.table)];
    if ((data.so_far || []).length) {      // the campaign beyond the table: months, scenarios
      const list = el("ul", null, "so-far");
      for (const line of data.so_far) list.append(el("li", line));
      out.push(card("so far", list));
    }
    if (data.bgstats) out.unshift(renderLog(data.bgstats));
    return data.final ? [renderFinal(data.final), ...out] : out;
  }

  function renderLog(log) {             // the finished play, to log in BG Stats
    const a = el("a", "open in BG Stats", "bgstats");
    a.href = log.link;
    a.rel = "noopener noreferrer";
    const qr = el("img", null, "qr");
    qr.src = log.qr;
    qr.alt = "QR code of the BG Stats link";
    return card("log this play", line(`play ${log.play}: scan the code with the phone that has BG Stats, or`), a, qr);
  }

  function render(data) {
    if (data.version !== current.version || data.boot !== current.boot) $("error").textContent = "";
    const asked = data.prompt !== current.prompt && mayAct(data);
    current = data;
    body.dataset.previewed = data.previewed ? "yes" : "no";
    if (asked) {
      window.requestAnimationFrame(showDue);
      if (isMine(data)) announce(`Your turn: ${data.prompt}.`);
    }
    $("name").textContent = data.name;
    renderDue(data);
    const said = $("said");
    said.replaceChildren();
    // the step, unless what the rules said of it begins with it ("2  (Ann's raid…)")
    const lines = data.said || [];
    const plain = (x) => x.split(/\s+/).join(" ");
    const step = plain(data.last_step || "");
    if (step && !lines.some((x) => plain(x) === step || plain(x).startsWith(`${step} `))) {
      said.append(el("li", data.last_step));
    }
    for (const line of lines) said.append(el("li", line));
    const view = $("view");
    view.replaceChildren(...renderTable(data));
  }

  async function send(what, extra) {
    if (busy) return;
    busy = true;
    $("error").textContent = "";
    renderDue(current);
    try {
      const r = await fetch(`/t/${encodeURIComponent(cid)}/${what}`, {
        method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ k: token, ...extra }),
      });
      const answer = await r.json().catch(() => ({ error: `the server answered ${r.status}` }));
      if (!r.ok) $("error").textContent = answer.error || `refused (${r.status})`;
      else {
        $("step").value = "";
        if (answer.undone) {
          $("notice").textContent = `undone: ${answer.undone.join(", ")}`;
          announce(`Undone: ${answer.undone.join(", ")}.`);
        }
      }
    } catch (e) {
      $("error").textContent = "the table cannot be reached: the step was not sent";
    } finally {
      busy = false;
      renderDue(current);
      showDue();
    }
  }

  $("typed").addEventListener("submit", (e) => {
    e.preventDefault();
    const text = $("step").value.trim();
    if (text) send("step", { step: text, seq: current.seq });
  });
  $("hint").addEventListener("click", async () => {
    if (busy) return;
    busy = true;
    $("error").textContent = "";
    $("hint").textContent = "thinking…";
    renderDue(current);
    try {
      const answer = await asked("hint");
      if (answer) {
        $("hint-lines").textContent = answer.lines.join("\n");
        $("hint-lines").hidden = false;
        hintFor = decisionKey(current);
      }
    } catch (e) {
      $("error").textContent = "the table cannot be reached: no hint";
    } finally {
      busy = false;
      $("hint").textContent = "hint: what does each option lead to?";
      renderDue(current);
    }
  });
  $("undo").addEventListener("click", () => {
    if (current.last_step && !window.confirm(`Undo the last step: ${current.last_step}?`)) return;
    send("undo", {});
  });

  // a new page asks for the last steps before it was opened (the log shows LOGGED of them)
  let since = Math.max(0, lastSeq - 3 * LOGGED);
  lastSeq = since;

  function connect() {
    since = lastSeq;
    const source = new EventSource(`/t/${encodeURIComponent(cid)}/events?k=${encodeURIComponent(token)}&after=${since}`);
    source.addEventListener("open", () => { $("live").textContent = "live"; $("live").className = "live on"; });
    source.addEventListener("error", async () => {
      $("live").textContent = "reconnecting…";
      $("live").className = "live";
      if (source.readyState !== EventSource.CLOSED) return;     // the browser retries
      // the server answered, but not with the table: is this link still good?
      try {
        const r = await fetch(`/t/${encodeURIComponent(cid)}/state?k=${encodeURIComponent(token)}`);
        if (r.status === 403) {
          $("live").textContent = "this link no longer works: ask the host for the new one";
          $("error").textContent = $("live").textContent;
          return;
        }
      } catch (e) { /* not reachable yet */ }
      setTimeout(connect, 2000);
    });
    source.addEventListener("table", (e) => {
      const data = JSON.parse(e.data);
      if (data.boot !== current.boot || data.version >= current.version) render(data);
      body.dataset.version = String(data.version);
    });
    // every step of the record once, in order (resumed after a reconnection)
    source.addEventListener("step", (e) => {
      const step = JSON.parse(e.data);
      if (step.seq <= lastSeq) return;
      lastSeq = step.seq;
      $("notice").textContent = "";
      if (step.type !== "step" || !step.step) return;
      announce(sentence(step.step));
      const li = el("li", tv ? sentence(step.step) : step.step);
      li.dataset.seq = String(step.seq);
      li.value = step.seq;                 // numbered as the record numbers its events
      $("log").prepend(li);
      while ($("log").children.length > LOGGED) $("log").lastChild.remove();
      body.dataset.steps = String(Number(body.dataset.steps || 0) + 1);
    });
    source.addEventListener("undone", (e) => {
      for (const seq of JSON.parse(e.data).seqs) {
        const li = $("log").querySelector(`li[data-seq="${seq}"]`);
        if (li) li.remove();
        lastSeq = Math.min(lastSeq, seq - 1);
      }
    });
  }

  // the colours: as the system says, light or dark — the choice kept in this browser
  const THEMES = ["system", "light", "dark"];
  function theme(name) {
    if (name === "system") delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = name;
    $("theme").textContent = `colours: ${name}`;
    $("theme").setAttribute("aria-label", `colours: ${name === "system" ? "as the system" : name}; change`);
  }
  let chosen = "system";
  try { chosen = window.localStorage.getItem("hyvekit-theme") || "system"; } catch (e) { /* none kept */ }
  theme(THEMES.includes(chosen) ? chosen : "system");
  $("theme").addEventListener("click", () => {
    const next = THEMES[(THEMES.indexOf($("theme").textContent.split(": ")[1]) + 1) % THEMES.length];
    theme(next);
    try { window.localStorage.setItem("hyvekit-theme", next); } catch (e) { /* not kept */ }
  });

  render(current);
  connect();
})();
