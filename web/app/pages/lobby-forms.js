// The lobby's forms: who you are (register, or paste your token), a new
// game, and importing a record.

import { ApiError } from "../core/api.js";
import { h, requestRender } from "../core/dom.js";
import { createGame, findPlayers, getBots, importRecord } from "../core/endpoints.js";
import { t } from "../core/i18n.js";
import { describeError } from "../core/notices.js";
import { decodeSegment, navigate } from "../core/router.js";
import { registerPlayer, session, signInWithToken, signOut } from "../core/session.js";

/** @typedef {import("../core/dom.js").VNode} VNode */
/** @typedef {import("../core/capabilities.js").Capabilities} Capabilities */
/** @typedef {import("../../types/models").NewGame} NewGame */
/** @typedef {import("../../types/models").Bot} Bot */
/** @typedef {import("../../types/models").TimeControl} TimeControl */
/** @typedef {import("../../types/models").PresetName} PresetName */

/** Time controls offered when the server has clocks. */
const CLOCKS = /** @type {const} */ ({
  "1+0": { initial_s: 60, increment_s: 0 },
  "3+2": { initial_s: 180, increment_s: 2 },
  "5+3": { initial_s: 300, increment_s: 3 },
  "10+5": { initial_s: 600, increment_s: 5 },
  "15+10": { initial_s: 900, increment_s: 10 },
  "1d": { days_per_move: 1 },
  "2d": { days_per_move: 2 },
});

/** What a player id looks like (10 letters or digits): a name may too. */
const PLAYER_ID = /^[A-Za-z0-9]{10}$/;

/** @param {SubmitEvent} event */
function formValues(event) {
  event.preventDefault();
  return new FormData(/** @type {HTMLFormElement} */ (event.target));
}

/** @param {string} name @param {string} label @param {[string, string][]} options @param {string} [value] */
function select(name, label, options, value) {
  return h("label.field", [
    h("span", label),
    h("select", { attrs: { name } }, options.map(([v, text]) => h("option", { attrs: { value: v }, props: { selected: v === value } }, text))),
  ]);
}

/** A form's request: busy while it runs, and the error it ended with. */
class FormState {
  constructor() {
    this.error = "";
    this.busy = false;
  }

  /** @param {() => Promise<unknown>} work */
  async run(work) {
    this.busy = true;
    this.error = "";
    requestRender();
    try {
      await work();
    } catch (error) {
      this.error = describeError(error);
    } finally {
      this.busy = false;
      requestRender();
    }
  }
}

export class SessionPanel extends FormState {
  constructor() {
    super();
    this.copyStatus = "";
  }

  /** @returns {VNode} */
  view() {
    const me = session.me;
    if (me) {
      return h("section.card.session", { attrs: { "aria-labelledby": "session-heading" } }, [
        h("h2#session-heading", t("session.signedInAs", { name: me.name })),
        session.newToken ? this.tokenNotice(session.newToken) : null,
        h("p", [
          h("a", { attrs: { href: `/players/${encodeURIComponent(me.id)}` } }, t("session.profile")),
          " · ",
          h("button.link", { attrs: { type: "button" }, on: { click: () => signOut() } }, t("session.signOut")),
        ]),
      ]);
    }
    return h("section.card.session", { attrs: { "aria-labelledby": "session-heading" } }, [
      h("h2#session-heading", t("session.heading")),
      session.lost ? h("p.warning", t("session.lost")) : null,
      h(
        "form.register",
        {
          on: {
            submit: (/** @type {SubmitEvent} */ e) => {
              const name = String(formValues(e).get("name") ?? "");
              this.run(() => registerPlayer(name));
            },
          },
        },
        [
          h("label.field", [h("span", t("session.name")), h("input", { attrs: { name: "name", required: true, maxlength: 32, autocomplete: "nickname" } })]),
          h("button.primary", { attrs: { type: "submit", disabled: this.busy } }, t("session.register")),
        ],
      ),
      h("details.token-login", [
        h("summary", t("session.haveToken")),
        h(
          "form",
          {
            on: {
              submit: (/** @type {SubmitEvent} */ e) => {
                const token = String(formValues(e).get("token") ?? "");
                this.run(() => signInWithToken(token));
              },
            },
          },
          [
            h("label.field", [h("span", t("session.token")), h("input", { attrs: { name: "token", required: true, autocomplete: "off", spellcheck: "false" } })]),
            h("button", { attrs: { type: "submit", disabled: this.busy } }, t("session.useToken")),
          ],
        ),
      ]),
      this.error ? h("p.error", { attrs: { role: "alert" } }, this.error) : null,
    ]);
  }

  /** @private @param {string} token */
  tokenNotice(token) {
    return h("div.token-notice", { attrs: { role: "note" } }, [
      h("p", [h("strong", t("session.keyTitle")), " ", t("session.keyText")]),
      h("p", h("code.token", { attrs: { "data-token": "true" } }, token)),
      h("p", [
        h("button", {
          attrs: { type: "button" },
          on: {
            click: async () => {
              try {
                await navigator.clipboard.writeText(token);
                this.copyStatus = t("session.copied");
              } catch {
                this.copyStatus = t("session.copyByHand");
              }
              requestRender();
            },
          },
        }, t("session.copy")),
        " ",
        h("button", { attrs: { type: "button" }, on: { click: () => { session.newToken = null; requestRender(); } } }, t("session.keptIt")),
      ]),
      this.copyStatus ? h("p", { attrs: { role: "status" } }, this.copyStatus) : null,
    ]);
  }
}

export class CreateGameForm extends FormState {
  /** @param {Capabilities} capabilities @param {string | null} opponent a player id to challenge */
  constructor(capabilities, opponent) {
    super();
    this.capabilities = capabilities;
    this.opponentKind = opponent ? "player" : "anyone";
    this.opponent = opponent ?? "";
    /** The id the page was opened to challenge (`?opponent=`): an id, not a name. */
    this.linked = opponent ?? "";
    /** Whether the field, when the form was last sent, named no player. */
    this.noSuchPlayer = false;
    /** @type {Bot[]} */
    this.bots = [];
    this.botsAsked = false;
    this.useCapabilities(capabilities);
  }

  /**
   * Adopts what the server can do once it is known, keeping what the
   * player has already chosen or typed in the form.
   * @param {Capabilities} capabilities
   */
  useCapabilities(capabilities) {
    this.capabilities = capabilities;
    if (!capabilities.bots || this.botsAsked) return;
    this.botsAsked = true;
    getBots()
      .then(({ bots }) => {
        this.bots = bots;
        requestRender();
      })
      .catch(() => {});
  }

  /** @private @param {FormData} form */
  async submit(form) {
    /** @type {NewGame} */
    const body = {
      rules: { preset: /** @type {PresetName} */ (String(form.get("preset"))) },
      seat: /** @type {NewGame["seat"]} */ (form.get("seat")),
      first: /** @type {NewGame["first"]} */ (form.get("first")),
      rated: form.get("rated") === "on",
    };
    const kind = form.get("opponent-kind");
    if (kind === "bot") body.opponent = String(form.get("bot") ?? "");
    const clock = String(form.get("clock") ?? "");
    if (this.capabilities.clock && clock in CLOCKS) body.clock = /** @type {TimeControl} */ (CLOCKS[/** @type {keyof typeof CLOCKS} */ (clock)]);
    this.noSuchPlayer = false;
    await this.run(async () => {
      if (kind === "player") {
        const typed = String(form.get("opponent") ?? "").trim();
        const id = await this.opponentId(typed);
        if (!id) {
          this.noSuchPlayer = true;
          return;
        }
        body.opponent = id;
      }
      const game = await createGame(body);
      navigate(`/games/${encodeURIComponent(game.id)}`);
    });
  }

  /**
   * The id of the player the field names: a profile link's, the linked
   * id, else the player with that name, else the id typed; `null` when it
   * names no one.
   * @private @param {string} typed
   * @returns {Promise<string | null>}
   */
  async opponentId(typed) {
    if (!typed) return null;
    const link = typed.match(/\/players\/([^/?#]+)/);
    if (link?.[1]) return decodeSegment(link[1]);
    if (typed === this.linked) return typed;
    const found = await findPlayers(typed).catch((error) => {
      // A name no one may have is a name no player has.
      if (error instanceof ApiError && error.code === "invalid_name") return { players: [] };
      throw error;
    });
    const id = found.players[0]?.id;
    if (id) return id;
    return PLAYER_ID.test(typed) ? typed : null;
  }

  /** @returns {VNode} */
  view() {
    const caps = this.capabilities;
    /** @type {[string, string][]} */
    const opponentKinds = [["anyone", t("create.anyone")], ["player", t("create.player")]];
    if (caps.bots && this.bots.length) opponentKinds.push(["bot", t("create.bot")]);
    return h("section.card.create", { attrs: { "aria-labelledby": "create-heading" } }, [
      h("h2#create-heading", t("create.heading")),
      h("form.create-game", { on: { submit: (/** @type {SubmitEvent} */ e) => this.submit(formValues(e)) } }, [
        h("div.fields", [
          select("preset", t("create.preset"), [["classic", t("preset.classic")], ["village", t("preset.village")], ["online", t("preset.online")]], "classic"),
          select("seat", t("create.seat"), [["random", t("create.random")], ["south", t("seat.south")], ["north", t("seat.north")]], "random"),
          select("first", t("create.first"), [["south", t("seat.south")], ["north", t("seat.north")], ["random", t("create.random")]], "south"),
          caps.clock
            ? select("clock", t("create.clock"), [...Object.keys(CLOCKS).map((k) => /** @type {[string, string]} */ ([k, k])), ["none", t("create.untimed")]], "10+5")
            : null,
        ]),
        h("fieldset.opponent", [
          h("legend", t("create.opponent")),
          ...opponentKinds.map(([value, label]) =>
            h("label.radio", [
              h("input", {
                attrs: { type: "radio", name: "opponent-kind", value },
                props: { checked: this.opponentKind === value },
                on: { change: () => { this.opponentKind = value; requestRender(); } },
              }),
              " ",
              label,
            ]),
          ),
          this.opponentKind === "player"
            ? h("label.field", [
                h("span", t("create.playerId")),
                h("input", {
                  attrs: { name: "opponent", required: true, autocomplete: "off", spellcheck: "false", maxlength: 200, "data-opponent": "true", "aria-invalid": this.noSuchPlayer ? "true" : "false" },
                  props: { value: this.opponent },
                  on: {
                    input: (/** @type {Event} */ e) => {
                      this.opponent = /** @type {HTMLInputElement} */ (e.target).value;
                      if (this.noSuchPlayer) {
                        this.noSuchPlayer = false;
                        requestRender();
                      }
                    },
                  },
                }),
                this.noSuchPlayer
                  ? h("span.error", { attrs: { role: "alert", "data-no-such-player": "true" } }, t("create.noSuchPlayer"))
                  : h("span.hint", t("create.playerHint")),
              ])
            : null,
          this.opponentKind === "bot"
            ? select("bot", t("create.whichBot"), this.bots.map((bot) => /** @type {[string, string]} */ ([bot.id, `${bot.name} (${t("create.level")} ${bot.level})`])))
            : null,
        ]),
        h("label.check", [h("input", { attrs: { type: "checkbox", name: "rated" }, props: { checked: true } }), " ", t("create.rated")]),
        caps.clock ? h("p.hint", t("create.ratedNeedsClock")) : null,
        h("button.primary", { attrs: { type: "submit", disabled: this.busy || !session.me } }, t("create.submit")),
        session.me ? null : h("p.hint", t("create.signInFirst")),
        this.error ? h("p.error", { attrs: { role: "alert" } }, this.error) : null,
      ]),
    ]);
  }
}

export class ImportForm extends FormState {

  /** @returns {VNode} */
  view() {
    return h("details.card.import", [
      h("summary", t("import.heading")),
      h(
        "form",
        {
          on: {
            submit: (/** @type {SubmitEvent} */ e) => {
              const record = String(formValues(e).get("record") ?? "");
              this.run(async () => {
                const game = await importRecord(record);
                navigate(`/games/${encodeURIComponent(game.id)}`);
              });
            },
          },
        },
        [
          h("label.field", [h("span", t("import.record")), h("textarea", { attrs: { name: "record", rows: 6, required: true, spellcheck: "false" } })]),
          h("button", { attrs: { type: "submit", disabled: this.busy || !session.me } }, t("import.submit")),
          this.error ? h("p.error", { attrs: { role: "alert" } }, this.error) : null,
        ],
      ),
    ]);
  }
}
