"""GameWidget without a browser: messages are validated, hands stay hidden, plots update."""

from __future__ import annotations

import json

import pytest

from evo_lessons.widgets import GameWidget


@pytest.fixture
def widget():
    return GameWidget("climate", seed=3, players=3)


def send(widget, content):
    widget._on_message(widget, content, [])


@pytest.mark.parametrize(
    "forged",
    [
        "act",
        {"type": "act"},
        {"type": "act", "index": 999},
        {"type": "act", "index": -1},
        {"type": "act", "index": "0"},
        {"type": "act", "index": True},
        {"type": "act", "index": 0, "player": 2},
        {"type": "teleport", "cell": 1},
        {"type": "seek", "position": 10_000},
        {"type": "seek", "position": "3"},
        {"type": "seat", "seat": 7, "kind": "human"},
        {"type": "seat", "seat": 1, "kind": "cheater"},
        {"type": "new_game", "seed": "abc"},
        {"type": "load_code", "code": "EVO1-broken"},
        {"type": "load_code", "code": 12},
    ],
)
def test_a_forged_message_is_rejected_and_changes_nothing(widget, forged):
    before = widget.state.fingerprint()
    position = widget.session.position
    send(widget, forged)
    assert widget.error, "the page must be told the message was refused"
    assert widget.state.fingerprint() == before
    assert widget.session.position == position


def test_a_legal_click_plays_and_bots_answer(widget):
    assert widget.view["human_turn"]
    send(widget, {"type": "act", "index": 0})
    assert widget.error == ""
    assert widget.session.position >= 1
    assert widget.view["timeline"]["position"] == widget.session.position


def test_the_view_is_json_and_lists_the_legal_actions(widget):
    json.dumps(widget.view)
    labels = [a["label"] for a in widget.view["actions"]]
    assert labels == [str(a) for a in widget.state.legal_actions()]
    assert all(a["target"].startswith("cell-") for a in widget.view["actions"])


def test_only_the_viewing_seat_hand_is_sent():
    w = GameWidget("climate", seed=5, players=3)
    board = w.view["board"]
    assert board["hand"] is not None  # Player 1's own hand
    hands = {sp["player"]: sp["hand_size"] for sp in board["species"]}
    assert sum(c["count"] for c in board["hand"]) == hands[0]
    assert json.dumps(w.view).count('"hand":') == 1  # nobody else's cards


def test_hot_seat_covers_the_next_persons_hand_until_revealed():
    w = GameWidget("climate", seed=5, players=2, seats=["human", "human"])
    send(w, {"type": "reveal"})
    send(w, {"type": "act", "index": 0})  # Player 1 places; now Player 2's decision
    assert w.view["covered"] and w.view["actions"] == []
    assert w.view["board"]["hand"] is None
    send(w, {"type": "act", "index": 0})
    assert "Show my hand" in w.error
    send(w, {"type": "reveal"})
    assert not w.view["covered"] and w.view["actions"]
    assert w.view["viewer"] == 1


def test_step_play_undo_and_seek_match_the_buttons():
    w = GameWidget("climate", seed=8, seats=["planner", "random", "planner"], players=3)
    send(w, {"type": "step"})
    assert w.session.position == 1
    send(w, {"type": "play"})
    assert w.state.is_over and w.view["over"]
    end = w.session.position
    send(w, {"type": "seek", "position": 2})
    assert w.session.position == 2 and w.view["timeline"] == {"position": 2, "length": end}
    send(w, {"type": "undo"})
    assert w.session.position == 1


def test_scenario_code_message_and_loading_it():
    # a teacher's widget: mid-game codes of a game with hidden cards are the teacher's
    w = GameWidget("climate", seed=8, seats=["planner"] * 3, players=3, teacher=True)
    for _ in range(6):
        w.step()
    code = w.scenario_code()
    other = GameWidget("climate", seed=1, seats=["planner"] * 3, players=3)
    send(other, {"type": "load_code", "code": code})
    assert other.error == "" and other.state == w.state


def test_a_scenario_for_another_game_is_refused():
    w = GameWidget("climate", seed=8, players=3, teacher=True)
    code = w.scenario_code()
    data = w.session.scenario()
    data["game"] = "niche"
    other = GameWidget("climate", seed=1, players=3)
    send(other, {"type": "load_code", "code": json.dumps(data)})
    assert other.error
    assert code  # the original code is fine


def test_csv_download_is_sent_to_the_page():
    w = GameWidget("climate", seed=8, seats=["planner"] * 2, players=2)
    sent = []
    w.send = lambda content, buffers=None: sent.append(content)
    send(w, {"type": "csv"})
    assert sent and sent[0]["type"] == "csv" and sent[0]["text"].startswith("step,")


def test_history_is_a_dataframe_of_the_rows():
    w = GameWidget("climate", seed=8, seats=["planner"] * 2, players=2)
    w.play_to_end()
    frame = w.history()
    assert len(frame) == len(w.session.rows)
    assert {"turn", "player", "body", "colour", "metabolism", "matches"} <= set(frame.columns)


@pytest.mark.parametrize(
    ("game", "bot", "column", "english", "spanish"),
    [
        ("climate", "planner", "habitat", {"Savannah", "Tundra"}, {"Sabana", "Tundra"}),
        ("adaptation", "memory", "challenge_name", {"number", "colour"}, {"número", "color"}),
    ],
)
def test_a_readable_history_names_each_label_in_the_widgets_language(
    game, bot, column, english, spanish
):
    """Ids stay in the data (the same in every language); the table a student reads names them
    (a missing value stays missing), and so does the widget's own table beside the plot."""
    frames, shown = {}, {}
    for lang in ("en", "es"):
        w = GameWidget(game, seed=8, seats=[bot] * 4, lang=lang)
        w.play_to_end()
        frames[lang] = (w.history(), w.history(readable=True))
        table = w.view["table"]
        at = table["columns"].index(table["columns"][2 if game == "climate" else -1])
        shown[lang] = {row[at] for row in table["rows"]}
    (en_ids, en_words), (es_ids, es_words) = frames["en"], frames["es"]
    assert en_ids.equals(es_ids), "the data is the same in every language"
    assert list(en_words.columns) == list(en_ids.columns)
    assert english <= set(en_words[column].dropna())
    assert spanish <= set(es_words[column].dropna())
    assert en_words[column].isna().equals(en_ids[column].isna())
    ids = set(en_ids[column].dropna())
    assert not ids & (set(es_words[column].dropna()) - spanish)  # no id shown as it is
    assert shown["es"] <= set(es_words[column].dropna()) | {None}
    assert shown["en"] <= set(en_words[column].dropna()) | {None}


def test_static_figure_has_a_line_per_player_in_each_gene_panel():
    w = GameWidget("climate", seed=8, seats=["planner"] * 3, players=3)
    w.play_to_end()
    figure = w.figure()
    body = figure.axes[0]
    assert len([line for line in body.lines if line.get_label().startswith("P")]) == 3
    assert len(body.lines[0].get_xdata()) > 1


def test_from_scenario_opens_the_same_position_with_its_seats():
    w = GameWidget(
        "climate", seed=8, seats=["planner", "random", "planner"], players=3, teacher=True
    )
    for _ in range(6):
        w.step()
    again = GameWidget.from_scenario(w.scenario_code())
    assert again.state == w.state
    assert again.session.seats == ["planner", "random", "planner"]
    assert again.view["timeline"]["position"] == 6
