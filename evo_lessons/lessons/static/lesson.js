// The lesson widgets' front end: a name box, question boxes, number checks and hand-in.
// Hand-written, no imports, no CDN. Python owns every decision (saving, whether Reveal may
// show, whether a number is right); this file only draws and sends small messages.
// Every input has a real <label>; status lines are aria-live so screen readers hear "Saved".

// uid() and h() come from the shared front-end kit (widgets/static/dom.js), joined before
// this file by evo_lessons.widgets.frontend.assemble.

/**
 * The page's words: Python sends them in the lesson's language (the "strings" trait; this file
 * holds no English). say(model, "download", {name}) fills the {placeholders}; a key the kernel
 * did not send shows as the key itself.
 */
function say(model, key, vars = {}) {
  const table = model.get("strings") || {};
  const text = Object.prototype.hasOwnProperty.call(table, key) ? table[key] : key;
  return text.replace(/\{(\w+)\}/g, (whole, name) =>
    Object.prototype.hasOwnProperty.call(vars, name) ? String(vars[name]) : whole);
}

function statusLine(model) {
  const line = h("p", { class: "evo-lesson-status", role: "status", "aria-live": "polite" });
  const update = () => {
    line.textContent = model.get("status");
  };
  model.on("change:status", update);
  update();
  return line;
}

function renderStudent(model, el) {
  const id = uid("name");
  const input = h("input", {
    id,
    type: "text",
    class: "evo-lesson-name",
    autocomplete: "name",
    value: model.get("name"),
  });
  input.addEventListener("input", () => {
    model.set("name", input.value);
    model.save_changes();
  });
  model.on("change:name", () => {
    if (input.value !== model.get("name")) input.value = model.get("name");
  });
  el.append(
    h(
      "div",
      { class: "evo-lesson evo-lesson-student" },
      h("label", { for: id, text: `${say(model, "your_name")} ` }),
      input,
      statusLine(model),
    ),
    // beside the name box, not in it (".evo-lesson-student input" is the name alone)
    joinBox(model),
    restoreBox(model),
  );
}

/** A live class: its address and join code (filled in where the teacher's hub names them). */
function joinBox(model) {
  const urlId = uid("class-url");
  const codeId = uid("class-code");
  const url = h("input", { id: urlId, type: "text", class: "evo-lesson-class-url",
                           placeholder: "http://10.0.0.5:8765", value: model.get("class_url") });
  const code = h("input", { id: codeId, type: "text", class: "evo-lesson-class-code",
                            placeholder: "K7P-4QX", value: model.get("class_code") });
  const join = h("button", { type: "button", class: "evo-lesson-join", text: say(model, "join") });
  join.addEventListener("click", () =>
    model.send({ type: "join", url: url.value, code: code.value }));
  const said = h("p", { class: "evo-lesson-class-status", role: "status", "aria-live": "polite" });
  const box = h(
    "details",
    { class: "evo-lesson evo-lesson-join-box" },
    h("summary", { text: say(model, "join_class") }),
    h("label", { for: urlId, text: `${say(model, "class_address")} ` }), url,
    h("label", { for: codeId, text: ` ${say(model, "join_code")} ` }), code,
    join,
    said,
  );
  const update = () => {
    said.textContent = model.get("class_status");
    if (model.get("class_url") && !url.value) url.value = model.get("class_url");
    if (model.get("class_code") && !code.value) code.value = model.get("class_code");
    if (model.get("class_status")) box.open = true;
  };
  model.on("change:class_status", update);
  model.on("change:class_url", update);
  model.on("change:class_code", update);
  update();
  return box;
}

const MAX_UPLOAD = 10000000;

/** Period two: pick your own hand-in file (.html or .md) to bring your work back. */
function restoreBox(model) {
  const id = uid("restore");
  const said = h("p", { class: "evo-lesson-restored", role: "status", "aria-live": "polite" });
  const picker = h("input", { id, type: "file", accept: ".html,.md,text/html,text/markdown" });
  picker.addEventListener("change", () => {
    const file = picker.files && picker.files[0];
    if (!file) return;
    if (file.size > MAX_UPLOAD) {
      said.textContent = say(model, "too_large");
      return;
    }
    const reader = new FileReader();
    reader.addEventListener("load", () => {
      model.send({ type: "restore", text: String(reader.result) });
      picker.value = "";
    });
    reader.readAsText(file);
  });
  const update = () => {
    said.textContent = model.get("restored");
  };
  model.on("change:restored", update);
  update();
  return h(
    "details",
    { class: "evo-lesson evo-lesson-restore" },
    h("summary", { text: say(model, "restore") }),
    h(
      "label",
      { for: id, text: `${say(model, "restore_file")} ` },
    ),
    picker,
    said,
  );
}

function renderQuestion(model, el) {
  const boxId = uid("answer");
  const promptId = uid("prompt");
  const answerId = uid("model");
  const hintId = uid("hint");
  const root = h("section", {
    class: `evo-lesson evo-lesson-question evo-stage-${model.get("stage")}`,
    "aria-labelledby": promptId,
    "data-question": model.get("question_id"),
  });
  root.style.borderLeftColor = model.get("colour");
  const label = h(
    "label",
    { for: boxId, id: promptId, class: "evo-lesson-prompt" },
    h("strong", { text: `${model.get("stage_name")}. ` }),
    document.createTextNode(model.get("prompt")),
  );
  const box = h("textarea", {
    id: boxId,
    class: "evo-lesson-answer",
    rows: 3,
    placeholder: say(model, "answer_placeholder"),
  });
  box.value = model.get("answer");
  box.addEventListener("input", () => {
    model.set("answer", box.value);
    model.save_changes();
  });
  model.on("change:answer", () => {
    if (box.value !== model.get("answer")) box.value = model.get("answer");
  });
  root.append(label, box, statusLine(model));

  if (model.get("has_model_answer")) {
    const hint = h("span", { id: hintId, class: "evo-lesson-hint" });
    const button = h("button", {
      type: "button",
      class: "evo-lesson-reveal",
      "aria-describedby": hintId,
      "aria-controls": answerId,
      "aria-expanded": "false",
    });
    const shown = h("div", { id: answerId, class: "evo-lesson-model", hidden: true });
    let open = false;
    const update = () => {
      const allowed = model.get("can_reveal");
      const text = model.get("model_answer");
      button.disabled = !allowed;
      button.textContent = say(model, open && text ? "hide_model" : "reveal_model");
      button.setAttribute("aria-expanded", String(open && Boolean(text)));
      hint.textContent = allowed ? "" : say(model, "write_first");
      shown.replaceChildren(
        h("strong", { text: `${say(model, "model_answer")} ` }),
        document.createTextNode(text),
      );
      shown.hidden = !(open && text);
    };
    button.addEventListener("click", () => {
      if (open) {
        open = false;
        update();
        return;
      }
      open = true;
      if (model.get("model_answer")) update();
      else model.send({ type: "reveal" });
    });
    model.on("change:can_reveal", update);
    model.on("change:model_answer", update);
    update();
    root.append(h("div", { class: "evo-lesson-row" }, button, hint), shown);
  }
  el.append(root);
}

function renderReadOff(model, el) {
  const id = uid("number");
  const resultId = uid("result");
  const input = h("input", {
    id,
    type: "text",
    inputmode: "decimal",
    class: "evo-lesson-number",
    "aria-describedby": resultId,
    value: model.get("typed"),
  });
  const button = h("button", { type: "button", class: "evo-lesson-check", text: say(model, "check") });
  const result = h("p", {
    id: resultId,
    class: "evo-lesson-result",
    role: "status",
    "aria-live": "polite",
  });
  const send = () => model.send({ type: "check", typed: input.value });
  button.addEventListener("click", send);
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      send();
    }
  });
  const update = () => {
    result.textContent = model.get("result");
    result.dataset.passed = String(model.get("passed"));
    if (input.value !== model.get("typed") && document.activeElement !== input) {
      input.value = model.get("typed");
    }
  };
  model.on("change:result", update);
  model.on("change:passed", update);
  model.on("change:typed", update);
  update();
  const unit = model.get("unit");
  el.append(
    h(
      "div",
      { class: "evo-lesson evo-lesson-readoff" },
      h(
        "label",
        { for: id, class: "evo-lesson-prompt" },
        h("strong", { text: `${say(model, "read_off")} ` }),
        document.createTextNode(model.get("prompt")),
      ),
      h("div", { class: "evo-lesson-row" }, input, unit ? h("span", { text: unit }) : null, button),
      result,
      statusLine(model),
    ),
  );
}

function renderHandIn(model, el) {
  const button = h("button", { type: "button", class: "evo-lesson-handin", text: say(model, "hand_in") });
  const links = h("ul", { class: "evo-lesson-files" });
  button.addEventListener("click", () => model.send({ type: "hand_in" }));
  const update = () => {
    links.replaceChildren(
      ...model.get("files").map((file) =>
        h(
          "li",
          {},
          h("a", { href: file.href, download: file.name, text: say(model, "download", { name: file.name }) }),
          document.createTextNode(` ${say(model, "also_saved", { path: file.path })}`),
        ),
      ),
    );
  };
  model.on("change:files", update);
  update();
  el.append(
    h(
      "div",
      { class: "evo-lesson evo-lesson-handin-box" },
      h("div", { class: "evo-lesson-row" }, button),
      statusLine(model),
      links,
    ),
  );
}

function renderCheck(model, el) {
  const line = h("p", { class: "evo-lesson evo-lesson-check-line", role: "status",
    "aria-live": "polite" });
  const update = () => {
    line.textContent = model.get("message");
    line.dataset.passed = String(model.get("passed"));
  };
  model.on("change:message", update);
  model.on("change:passed", update);
  update();
  el.append(line);
}

const RENDERERS = {
  check: renderCheck,
  student: renderStudent,
  question: renderQuestion,
  read_off: renderReadOff,
  hand_in: renderHandIn,
};

export default {
  render({ model, el }) {
    const draw = RENDERERS[model.get("kind")];
    if (draw) draw(model, el);
    else el.textContent = `Unknown lesson widget: ${model.get("kind")}`;
  },
};
