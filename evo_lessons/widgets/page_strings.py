"""Every sentence the game widget's page shows, by key: the page holds no English.

An anywidget front end has no translator of its own, so Python sends the page its words in the
widget's language (the ``strings`` trait): ``game.js`` looks each up with ``t("step", {...})``.
A key missing here shows as the key itself, which the pseudo-locale test catches.
Placeholders are ``{name}``, filled in the page.
"""

from __future__ import annotations

from evo_lessons.i18n import Msg, Translator, pN_

#: key -> the English text with its context (the translator's hint)
GAME_PAGE: dict[str, Msg] = {
    # buttons and their tooltips
    "show_hand": pN_("button", "Show my hand"),
    "step": pN_("button", "Step"),
    "step_tip": pN_(
        "tooltip", "One move by the bot whose turn it is; then the bots play on to your turn"
    ),
    "step_tip_human": pN_(
        "tooltip", "The {bot} bot makes your move for you; then the bots play on to your turn"
    ),
    "step_tip_bots": pN_(
        "tooltip",
        "One move by the bot whose turn it is; with people at the table, the bots play on to "
        "the next person's turn",
    ),
    "play": pN_("button", "Play to end"),
    "play_tip": pN_("tooltip", "Bots play every remaining move"),
    "undo": pN_("button", "Undo"),
    "undo_tip": pN_("tooltip", "Take back your last decision"),
    "new_game": pN_("button", "New game"),
    "new_game_tip": pN_("tooltip", "Start a new game (with the seed typed, or a random one)"),
    "png": pN_("button", "Download plot (PNG)"),
    "get_code": pN_("button", "Get scenario code"),
    "load_code": pN_("button", "Load code"),
    "csv": pN_("button", "Download history (CSV)"),
    "copy": pN_("button", "Copy"),
    "show_all": pN_("button", "Show all choices"),
    # headings and regions
    "your_choices": pN_("heading", "Your choices"),
    "legal_actions": pN_("screen-reader label", "Legal actions"),
    "controls": pN_("screen-reader label", "Game controls"),
    "own_cards": pN_("screen-reader label", "Your own cards"),
    "what_happened": pN_("heading", "What happened"),
    "event_log": pN_("screen-reader label", "Event log"),
    "live_plot": pN_("screen-reader label", "Live plot"),
    "table_summary": pN_("heading", "Table of the plotted values (latest turns)"),
    "timeline": pN_("label", "Timeline"),
    "seed_input": pN_("screen-reader label", "Seed for a new game (empty: random)"),
    "seed_placeholder": pN_("placeholder in the seed box", "seed"),
    "seats": pN_("heading", "Who plays each seat"),
    "tools": pN_("heading", "Share, load and export"),
    "scenario_code_label": pN_("screen-reader label", "Scenario code of this game"),
    "paste_code": pN_("screen-reader label", "Paste a scenario code to load"),
    # Translators: keep "EVO1-" as it is: every scenario code starts with it
    "paste_placeholder": pN_("placeholder", "paste a code (EVO1-...)"),
    "description": pN_("heading", "Text description of the board"),
    "result_code": pN_("heading", "Result code"),
    "your_name": pN_("label", "Your name"),
    "result_code_label": pN_("screen-reader label", "Result code of this finished game"),
    "copied": pN_("status", "Copied: paste it where your teacher asks."),
    "selected": pN_("status", "Selected: press Ctrl+C (Cmd+C on a Mac) to copy it."),
    # choices
    "choices_for": pN_(
        "status; {place} is a board place such as 'cell 12'", "Choices for {place}."
    ),
    "game_over": pN_("status", "The game is over."),
    "waiting": pN_("status", "Waiting for the bots."),
    "n_choices": pN_("screen-reader label; {n} is 2 or more", "{n} choices"),
    # seats
    "a_person": pN_("who plays a seat", "a person"),
    "kind_bot": pN_("who plays a seat; {kind} is a bot's name such as 'planner'", "{kind} bot"),
    "played_by": pN_("screen-reader label; {seat} is 'Player 1'", "{seat} is played by"),
    # header
    "dealt_by_class": pN_("where the seed would be", "dealt by your class"),
    "seed_hidden": pN_(
        "where the seed would be",
        "seed shown when the game ends (it would reveal the hidden cards)",
    ),
    # Translators: the seed is a number, shown as it is
    "seed_shown": pN_("header", "seed {seed}"),
    "move_of": pN_("timeline", "move {position} of {length}"),
    "round_of": pN_("round counter", "Round {round} of {max}"),
    "round": pN_("round counter", "Round {round}"),
}


#: the lesson widgets' page (lessons/static/lesson.js): name box, join box, questions, hand-in
LESSON_PAGE: dict[str, Msg] = {
    "your_name": pN_("label", "Your name (it goes on your hand-in):"),
    "join": pN_("button", "Join"),
    "join_class": pN_("heading", "Join your class"),
    "class_address": pN_("label", "Class address:"),
    "join_code": pN_("label", "Join code:"),
    "too_large": pN_("status", "✗ That file is too large to be a hand-in."),
    "restore": pN_("heading", "Coming back to this lesson? Bring back your work from your hand-in"),
    "restore_file": pN_("label", "Your hand-in file from last time (.html or .md):"),
    "answer_placeholder": pN_("placeholder", "Write your answer here. It is saved as you type."),
    "hide_model": pN_("button", "Hide the model answer"),
    "reveal_model": pN_("button", "Reveal a model answer"),
    "write_first": pN_("hint", "Write your own answer first: then you can compare."),
    "model_answer": pN_("heading", "A model answer:"),
    "check": pN_("button", "Check"),
    "read_off": pN_("heading", "Read off."),
    "hand_in": pN_("button", "Hand in"),
    # Translators: {name} is a file's name, kept as it is
    "download": pN_("link", "Download {name}"),
    "also_saved": pN_("link; {path} is a file's path", "(also saved as {path})"),
}

#: each game's renderer's words (keys "<game>.<name>"), sent beside the shell's
GAME_STRINGS: dict[str, dict[str, Msg]] = {
    "climate": {
        "climate.thermometer": pN_(
            "climate board, screen-reader label",
            "Climate board {board} of 5 (1 coldest, 5 warmest)",
        ),
        "climate.board_of": pN_("climate board", "Climate board {board} of 5"),
        # Translators: beside the thermometer; keep them very short
        "climate.warm5": pN_("climate thermometer", "5 warm"),
        "climate.cold1": pN_("climate thermometer", "1 cold"),
        "climate.map": pN_(
            "climate board, screen-reader label",
            "Habitat map at climate board {board} of 5; north (cold) at the top, the east wetter",
        ),
        "climate.cell": pN_("climate board, a cell", "Cell {cell}, {habitat}"),
        "climate.cell_species": pN_("climate board, a cell", ", {who}'s species"),
        "climate.cell_species_risky": pN_(
            "climate board, a cell", ", {who}'s species (not adapted!)"
        ),
        "climate.habitats": pN_("climate legend, screen-reader label", "Habitats"),
        "climate.legend": pN_("climate legend", "{habitat}: genes at {value}"),
        "climate.genome_board": pN_(
            "climate genome board, screen-reader label", "Genome board of {who}: {genes}"
        ),
        "climate.plan_ahead": pN_("climate genome board", "Plan ahead: {gene} to {value}"),
        "climate.adapted": pN_("climate species card", "adapted ✓"),
        "climate.not_adapted": pN_("climate species card", "NOT adapted !"),
        "climate.not_placed": pN_("climate species card", "not placed yet"),
        "climate.card_line": pN_(
            "climate species card", "{status} · {cards} cards · lineages lost {lost}"
        ),
        "climate.species": pN_("climate species, screen-reader label", "{who}'s species: {genes}"),
        "climate.species_in": pN_(
            "climate species, screen-reader label", "{who}'s species in the {habitat}: {genes}"
        ),
        "climate.adapted_tail": pN_("climate species, screen-reader label", "; adapted"),
        "climate.not_adapted_tail": pN_("climate species, screen-reader label", "; NOT adapted"),
        "climate.extinct": pN_("climate species card", "Extinct! A new lineage"),
        "climate.tokens": pN_("climate species card", "Tokens:"),
        "climate.earned": pN_("climate token", "earned"),
        "climate.not_yet": pN_("climate token", "not yet"),
        "climate.your_hand": pN_("climate species card", "Your hand:"),
        "climate.no_cards": pN_("climate species card", "no cards"),
        "climate.your_species": pN_("heading", "Your species"),
        "climate.caption_board": pN_("climate caption", "climate board {board} of 5"),
        "climate.just_changed": pN_("climate caption", "the climate just changed: adapt or move!"),
        "climate.cells_fixed": pN_("climate caption", "cell numbers never change."),
        "climate.last_roll": pN_("climate die, screen-reader label", "Last roll {roll}"),
        "climate.deleterious": pN_(
            "climate piles; {depths} is a list of numbers",
            "Deleterious cards (face up) lie {depths} from the top.",
        ),
        "climate.piles": pN_("climate piles", "Draw pile {draw} cards · discard {discard}."),
        "climate.blind": pN_(
            "climate piles", "Blind mutation: cards act at random as they are drawn."
        ),
    },
}


def page_strings(
    translator: Translator, game: str | None = None, table: dict[str, Msg] | None = None
) -> dict[str, str]:
    """The page's words in the translator's language: ``table``'s (default: the game shell's
    and ``game``'s renderer's)."""
    if table is None:
        table = {**GAME_PAGE, **GAME_STRINGS.get(game or "", {})}
    return {key: translator.tr(msg) for key, msg in table.items()}
