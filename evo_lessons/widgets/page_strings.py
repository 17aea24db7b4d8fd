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
    "niche": {
        "niche.list_sep": pN_("list separator", ", "),
        "niche.and": pN_("niche card; between two challenge names", " and "),
        "niche.as_copy": pN_("niche creature, screen-reader label", "{card} (as {other})"),
        "niche.no_traits": pN_("niche creature, screen-reader label", "no traits in play yet"),
        "niche.creature": pN_("niche creature, screen-reader label", "{who}'s creature: {traits}"),
        "niche.creature_in": pN_(
            "niche creature, screen-reader label", "{who}'s creature in the {environment}: {traits}"
        ),
        # Translators: short labels written on a card; keep them very short
        "niche.kind_trait": pN_("niche card kind", "TRAIT"),
        "niche.kind_double": pN_("niche card kind", "2 TRAITS"),
        "niche.kind_event": pN_("niche card kind", "EVENT"),
        "niche.title_copy": pN_(
            "niche card, tooltip", "{card}: a copy of {other}, meets {meets}. {text}"
        ),
        "niche.title_event": pN_("niche card, tooltip", "{card} (event): {text} {fact}"),
        # Translators: {kinds} is "structural", "behavioural and functional" ...
        "niche.title_trait": pN_(
            "niche card, tooltip", "{card} ({kinds} adaptation): meets {meets}. {fact}"
        ),
        "niche.time_ran_out": pN_("niche header", "Time ran out (R14). "),
        "niche.final": pN_("niche header", "Final position. "),
        "niche.setup": pN_("niche header", "Setup: each player keeps one of two environments. "),
        "niche.round_of": pN_("niche header", "Round {round} of at most {max}. "),
        "niche.round": pN_("niche header", "Round {round}. "),
        "niche.decks": pN_("niche header", "Trait deck {traits} · discard pile {discard}"),
        "niche.discard_top": pN_("niche header", " (top: {card})"),
        "niche.decks_end": pN_(
            "niche header",
            " · environment deck {environments}. Adapt to {goal} environments to win.",
        ),
        "niche.your_environments": pN_("heading", "Your environments"),
        "niche.your_creature": pN_("heading", "Your creature and hand"),
        "niche.keep_one": pN_("niche, screen-reader label", "Your two environments: keep one"),
        "niche.pool_label": pN_(
            "niche gene pool, screen-reader label",
            "Gene pool (the game's name for its draw piles): two stacks; outlined cards can be "
            "drawn",
        ),
        "niche.gene_pool": pN_("niche gene pool", "Gene pool {n}"),
        "niche.face_down": pN_("niche card", "face down"),
        "niche.face_down_title": pN_(
            "niche card, tooltip", "A face-down card: nobody knows what it is"
        ),
        # Translators: on a card that can be taken; keep it very short
        "niche.take": pN_("niche card", "✓ TAKE"),
        "niche.covered": pN_("niche card, tooltip", " (covered: not yet)"),
        "niche.pool_card": pN_("niche gene pool, a choice", "Gene pool {n}: {card}"),
        "niche.empty_stack": pN_("niche gene pool", "Empty: rebuilt at the end of the turn"),
        "niche.caption": pN_(
            "niche caption",
            "Cards lying on top are in front. A card can be drawn when it is face up and nothing "
            "lies on it (outlined, ✓ TAKE). Face-down cards turn over at the end of the turn in "
            "which they are uncovered.",
        ),
        "niche.copy_of": pN_("niche card", "COPY OF {card}: {meets}"),
        "niche.adaptation": pN_(
            "niche card; {kinds} is structural, behavioural ...", "{kinds} adaptation"
        ),
        "niche.keep_prompt": pN_(
            "niche setup", "Keep one of these environments (the other goes back into the deck):"
        ),
        "niche.challenges": pN_("niche environment card", "Challenges: {list}"),
        "niche.keep_env": pN_("niche setup, a choice", "Keep the {environment}"),
        "niche.you": pN_("niche player", " (you)"),
        "niche.completed": pN_("niche player, tooltip", "Completed: {list}"),
        "niche.none_yet": pN_("niche player, tooltip", "none yet"),
        # Translators: {marks} are ticks and dots, one per environment
        "niche.environments": pN_("niche player", " · environments {marks} ({done} of {goal})"),
        "niche.refuge": pN_("niche player", " · REFUGE: protected"),
        "niche.to_act": pN_("niche player", " · to act"),
        "niche.your_hand": pN_("screen-reader label", "Your hand"),
        "niche.met_title": pN_("niche challenge, tooltip", "{challenge}: met by a trait in play"),
        "niche.unmet_title": pN_("niche challenge, tooltip", "{challenge}: not met yet"),
        "niche.match_title": pN_(
            "niche player, tooltip",
            "Match: the share of this environment's challenges met (not fitness)",
        ),
        "niche.match": pN_("niche player", " match {percent}%"),
        "niche.choosing": pN_("niche player", "Choosing an environment…"),
        "niche.completed_of": pN_("niche player", "Completed {done} of {goal} environments."),
        "niche.between": pN_(
            "niche player", "Environment completed: draws a new one on the next turn."
        ),
        "niche.environment_deck": pN_("niche player", "Environment deck ({n})"),
        "niche.draw_environment": pN_("niche choice", "Draw a new environment"),
        "niche.play_area_label": pN_(
            "niche play area, screen-reader label", "{who}'s play area, {n} of {limit} places"
        ),
        "niche.play_area": pN_("niche play area", "Play area: {n} of {limit} places (rule of 4)"),
        "niche.too_many": pN_("niche play area", " · too many: choose one to discard"),
        "niche.discard": pN_("niche play area, a choice", "Discard {card}"),
        "niche.empty_place": pN_("niche play area", "empty place"),
        "niche.hand_head": pN_("niche hand", "Your hand ({n}):"),
        "niche.play": pN_("niche hand, a choice", "Play {card}"),
        "niche.hand_size": pN_("niche player", "{n} cards in hand · events suffered {events}"),
    },
    "adaptation": {
        "adaptation.rule_number": pN_("adaptation challenge rule", "count the objects (1–4)"),
        "adaptation.rule_shape": pN_(
            "adaptation challenge rule",
            "sides of the shape: triangle 3, square 4, pentagon 5, hexagon 6",
        ),
        "adaptation.rule_colour": pN_(
            "adaptation challenge rule", "red 4, orange 3, yellow 2, green 1"
        ),
        "adaptation.number": pN_("adaptation challenge", "number"),
        "adaptation.shape": pN_("adaptation challenge", "shape"),
        "adaptation.colour": pN_("adaptation challenge", "colour"),
        "adaptation.p_short": pN_("adaptation, short for Player {n}; keep it very short", "P{n}"),
        "adaptation.face_down": pN_("adaptation card, tooltip", "face-down card"),
        "adaptation.final": pN_("adaptation header", "Final position after {n} rounds."),
        "adaptation.round": pN_("adaptation header", "Round {round}. "),
        "adaptation.deals": pN_(
            "adaptation header", "{who} deals. Draw pile {draw} cards · discard pile {discard}"
        ),
        "adaptation.reshuffled": pN_("adaptation header", " · reshuffled {n}×"),
        "adaptation.challenge_cards": pN_("screen-reader label", "Challenge cards"),
        "adaptation.choose": pN_("adaptation challenge", "Choose the challenge (secretly):"),
        "adaptation.challenge_choice": pN_(
            "adaptation challenge, a choice", "{challenge} challenge"
        ),
        "adaptation.last_challenge": pN_("adaptation challenge", "Last challenge: {challenge}"),
        "adaptation.secret": pN_("adaptation challenge", "Your secret challenge: {challenge}"),
        "adaptation.face_down_challenge": pN_("adaptation challenge", "Challenge: face down ?"),
        "adaptation.hidden": pN_(
            "adaptation challenge",
            "Hidden until everyone has kept or swapped. Guess it from the dealer!",
        ),
        "adaptation.not_chosen": pN_("adaptation challenge", "Challenge: not chosen yet"),
        "adaptation.may_redraw": pN_(
            "adaptation challenge",
            "The dealer may redraw first. Last round's challenge was {challenge}.",
        ),
        "adaptation.table": pN_("screen-reader label", "The table"),
        "adaptation.you": pN_("adaptation player", " (you)"),
        "adaptation.dealer": pN_("adaptation player, tooltip", "dealer"),
        "adaptation.dealer_badge": pN_("adaptation player; a badge, keep it short", "D dealer"),
        "adaptation.tokens_of": pN_(
            "adaptation player, screen-reader label", "{n} of {max} tokens"
        ),
        "adaptation.one_token": pN_("adaptation player", "1 token"),
        "adaptation.tokens": pN_("adaptation player", "{n} tokens"),
        "adaptation.card_of": pN_("adaptation player, screen-reader label", "{who}'s card: {card}"),
        "adaptation.card_down": pN_(
            "adaptation player, screen-reader label", "{who}'s card, face down"
        ),
        "adaptation.last_shown": pN_("adaptation player", "Last shown: {card}"),
        "adaptation.changed_since": pN_("adaptation player", " (changed since)"),
        "adaptation.still_held": pN_("adaptation player", " (still held)"),
        "adaptation.keep": pN_("adaptation button", "Keep"),
        "adaptation.swap": pN_("adaptation button", "Swap"),
        "adaptation.keep_label": pN_("adaptation choice", "Keep your card"),
        "adaptation.swap_label": pN_("adaptation choice", "Discard your card and draw a new one"),
        "adaptation.last_reveal": pN_(
            "adaptation reveal", "Last reveal (round {round}): the {challenge} challenge. "
        ),
        "adaptation.round_one": pN_(
            "adaptation reveal", "Round one only chose the dealer; nobody lost a token."
        ),
        "adaptation.lost_token": pN_("adaptation reveal", "{who} lost a token."),
        "adaptation.list_sep": pN_("list separator", ", "),
        "adaptation.reveal_label": pN_(
            "adaptation reveal, screen-reader label", "Cards of the last reveal: {cards}"
        ),
        "adaptation.scored_full": pN_(
            "adaptation reveal, screen-reader label", "{who} {card} scored {score}"
        ),
        "adaptation.scored": pN_("adaptation reveal", "{who} scored {score}"),
        "adaptation.lowest": pN_("adaptation reveal", "✗ lowest"),
        "adaptation.history": pN_("adaptation history", "Round history (what everyone showed)"),
        "adaptation.col_round": pN_("adaptation history column", "Round (dealer): challenge"),
        "adaptation.col_round_title": pN_(
            "adaptation history column, tooltip", "Round, its dealer and its challenge"
        ),
        "adaptation.col_changed": pN_("adaptation history column", "Changed"),
        "adaptation.col_changed_title": pN_("adaptation history column, tooltip", "Changed cards"),
        "adaptation.col_lost": pN_("adaptation history column", "Lost"),
        "adaptation.col_lost_title": pN_("adaptation history column, tooltip", "Lost a token"),
        "adaptation.dealer_redrew": pN_("adaptation history", " (dealer redrew)"),
        "adaptation.none": pN_("adaptation history", "none"),
        "adaptation.nobody": pN_("adaptation history", "nobody"),
    },
    "phylo": {
        "phylo.scroll_hint": pN_(
            "phylo table",
            "⇆ The table is wider than the screen: scroll it sideways to see all of it.",
        ),
        "phylo.building": pN_(
            "phylo header", "Deck building: {first} and {second} of {size} cards chosen. "
        ),
        "phylo.turn_one": pN_(
            "phylo header; {n} is 1", "Turn {turn}: {who} plays, {n} action left"
        ),
        "phylo.turn_many": pN_(
            "phylo header; {n} is 0, 2 or 3", "Turn {turn}: {who} plays, {n} actions left"
        ),
        "phylo.event_played": pN_("phylo header", ", event played"),
        "phylo.full_stop": pN_("phylo header, the end of a sentence", ". "),
        "phylo.seat_line": pN_(
            "phylo header", "{who}: {points} points, deck {deck}, hand {hand}, lost {lost}"
        ),
        "phylo.ends_after": pN_("phylo header", " · the game ends after turn {turn}"),
        # Translators: WIND and POLLINATORS are the conditions of the SPREAD keyword
        "phylo.wind": pN_("phylo header", " · WIND blows"),
        "phylo.pollinators": pN_("phylo header", " · POLLINATORS abound"),
        # Translators: written on a card; keep it very short
        "phylo.event": pN_("phylo card", "EVENT"),
        "phylo.pt": pN_("phylo card, points; keep it very short", "{n}pt"),
        "phylo.rank_short": pN_("phylo card, short for rank {n}; keep it very short", "R{n}"),
        "phylo.scale_short": pN_("phylo card, short for scale {n}; keep it very short", "S{n}"),
        "phylo.at_risk_strip": pN_("phylo card; keep it short", "⚠ AT RISK"),
        "phylo.card_title": pN_(
            "phylo card, tooltip",
            "{who}'s {card} ({latin}), a {group}: {diet}, rank {rank}, scale {scale} ({lengths}), "
            "{terrains}, {climates}, {points} points{risk}. {keywords} {fact}",
        ),
        "phylo.title_at_risk": pN_("phylo card, tooltip", ", AT RISK"),
        # Translators: {latin} is the scientific name, never translated; {fact} a sentence
        "phylo.species_title": pN_("phylo card, tooltip", "{card} ({latin}). {fact}"),
        # Translators: {text} says what the event does; {fact} is a sentence (may be empty)
        "phylo.event_title": pN_("phylo card, tooltip", "{card}: {text} {fact}"),
        "phylo.list_sep": pN_("list separator", ", "),
        "phylo.table_label": pN_(
            "phylo table, screen-reader label", "The table: {rows} rows by {columns} columns"
        ),
        # Translators: {from} and {to} are column letters, {first} and {last} row numbers
        "phylo.table_shown": pN_(
            "phylo table, screen-reader label",
            "; shown: rows {first} to {last}, columns {from} to {to} (the rest is empty)",
        ),
        "phylo.all_terrains": pN_("phylo HOME card; keep it short", "all terrains"),
        # Translators: {home} is the HOME card's name
        "phylo.home_title": pN_(
            "phylo HOME card, tooltip",
            "{who}'s {home}: every terrain and climate; any rank-1 species may be played beside "
            "it.",
        ),
        "phylo.select_move": pN_(
            "phylo table, screen-reader label", "Your {card} at {space}: select to move it"
        ),
        "phylo.p_short": pN_("phylo, short for Player {n}; keep it very short", "P{n}"),
        "phylo.parasite_title": pN_(
            "phylo parasite, tooltip", "{who}'s {card}, a parasite beneath this space{risk}. {fact}"
        ),
        "phylo.remove": pN_("phylo table, a choice", "Remove {card} at {space}"),
        "phylo.space": pN_("phylo table, a choice", "Space {space}"),
        # Translators: on a space where the selected card may go; keep them short
        "phylo.here": pN_("phylo table", "▶ HERE"),
        "phylo.play_here": pN_("phylo table", "▶ PLAY HERE"),
        "phylo.lost": pN_("phylo table, a card just removed", "✝ lost"),
        "phylo.feeding_link": pN_("phylo food web; {n} is 1", "{n} feeding link"),
        "phylo.feeding_links": pN_("phylo food web; {n} is 0 or 2 or more", "{n} feeding links"),
        "phylo.web_caption": pN_(
            "phylo food web", "Food web: {n} species, {links}. Arrows run from a food to its eater."
        ),
        "phylo.web_empty": pN_(
            "phylo food web",
            "No species on the table yet: rank-1 species (producers and decomposers) go beside a "
            "{home} card first.",
        ),
        "phylo.web_label": pN_(
            "phylo food web, screen-reader label",
            "Food web graph: {n} species and {links}, producers on the left. Tab to a species to "
            "hear its links.",
        ),
        "phylo.rank_head": pN_("phylo food web, a column's heading", "RANK {n}"),
        # Translators: a column's heading in a narrow graph: about 24 letters at most
        "phylo.producers": pN_("phylo food web, under RANK 1", "producers · decomposers"),
        "phylo.consumers": pN_("phylo food web, under RANK 2 and up", "consumers"),
        "phylo.node": pN_(
            "phylo food web, screen-reader label",
            "{who}'s {card} at {space}, rank {rank}, {diet}",
        ),
        "phylo.node_parasite": pN_(
            "phylo food web, screen-reader label", ", a parasite beneath its host"
        ),
        "phylo.node_eats": pN_("phylo food web, screen-reader label", "; eats {food}"),
        "phylo.node_no_food": pN_("phylo food web, screen-reader label", "; no food link"),
        "phylo.node_eaten_by": pN_("phylo food web, screen-reader label", "; eaten by {eaters}"),
        "phylo.node_at_risk": pN_("phylo food web, screen-reader label", "; AT RISK"),
        "phylo.band_points": pN_("phylo card; keep it short", "{band} · {n} pt"),
        "phylo.rank_scale": pN_("phylo card", "Rank {rank} · scale {scale}"),
        "phylo.rank_scale_habitat": pN_(
            "phylo card", "Rank {rank}, scale {scale} · {terrains} · {climates}"
        ),
        "phylo.deck_so_far": pN_("phylo deck building, screen-reader label", "Your deck so far"),
        "phylo.deck_count": pN_("phylo deck building", "Your deck so far ({n} of {size}):"),
        "phylo.deck_empty": pN_("phylo deck building", "Your deck so far ({n} of {size}): empty"),
        "phylo.collection_label": pN_(
            "phylo deck building, screen-reader label",
            "The collection: click a card to put it in your deck",
        ),
        "phylo.collection": pN_(
            "phylo deck building",
            "The collection ({n} cards you may pick): click one to put it in your deck.",
        ),
        "phylo.hands_hidden": pN_(
            "phylo hand", "Hands are hidden: choose a seat played by a person to see its hand."
        ),
        "phylo.your_hand": pN_("screen-reader label", "Your hand"),
        "phylo.your_hand_n": pN_("heading", "Your hand ({n})"),
        "phylo.select_hint": pN_("phylo hand", "Select a card to see where it can go."),
        "phylo.place_one": pN_("phylo hand; {n} is 1", "{n} place to play"),
        "phylo.places": pN_("phylo hand; {n} is 2 or more", "{n} places to play"),
        "phylo.no_place": pN_("phylo hand", "no place now"),
        "phylo.select_card": pN_(
            "phylo hand, screen-reader label", "{card} in your hand: {n} places; select it"
        ),
        "phylo.discard_draw": pN_("phylo hand, a button", "Discard to draw 3"),
        "phylo.discard": pN_("phylo hand, a choice", "Discard {card}"),
        "phylo.diets": pN_("phylo legend", "Diets: "),
        "phylo.legend": pN_(
            "phylo legend",
            " · Terrains: {terrains} · Climates: {climates}. Arrows show energy flowing from a "
            "food to the species that eats it (dashed in the graph: host to parasite). Every "
            "card stands upright; its frame and numbered token say whose it is.",
        ),
    },
    "adapt_or_die": {
        # Translators: the five features, shortened to fit a small mat; keep them very short
        "adapt_or_die.abbr_leg": pN_("adapt_or_die mat, short for leg length", "Leg"),
        "adapt_or_die.abbr_segments": pN_("adapt_or_die mat, short for segments", "Seg"),
        "adapt_or_die.abbr_size": pN_("adapt_or_die mat, short for size", "Size"),
        "adapt_or_die.abbr_eyes": pN_("adapt_or_die mat, short for eyes", "Eyes"),
        "adapt_or_die.abbr_antennae": pN_("adapt_or_die mat, short for antennae", "Ant"),
        "adapt_or_die.list_sep": pN_("list separator", ", "),
        "adapt_or_die.last_roll": pN_("adapt_or_die die, screen-reader label", "Last roll: {roll}"),
        "adapt_or_die.phase_choose": pN_("adapt_or_die phase", "choosing creatures"),
        "adapt_or_die.phase_move": pN_(
            "adapt_or_die phase", "{who} moves: outlined spaces and mat places are within the roll"
        ),
        "adapt_or_die.phase_niche": pN_("adapt_or_die phase", "a niche card waits for a decision"),
        "adapt_or_die.phase_return": pN_(
            "adapt_or_die phase", "a niche card goes back: an adaptation card goes with it"
        ),
        "adapt_or_die.phase_pick": pN_(
            "adapt_or_die phase",
            "a new niche card comes with an adaptation card of the player's choice",
        ),
        "adapt_or_die.phase_trade": pN_(
            "adapt_or_die phase", "{who} may offer a trade, or end the turn"
        ),
        "adapt_or_die.phase_answer": pN_("adapt_or_die phase", "a trade waits for an answer"),
        "adapt_or_die.phase_order": pN_(
            "adapt_or_die phase", "scoring: choosing the order of adaptation cards"
        ),
        "adapt_or_die.phase_over": pN_("adapt_or_die phase", "the game is over"),
        "adapt_or_die.turn_line": pN_(
            "adapt_or_die header", " Turn {turn} · round {round} · {phase}. "
        ),
        "adapt_or_die.goal": pN_(
            "adapt_or_die header", "Goal: {target} niches each; the lowest unfit score wins"
        ),
        "adapt_or_die.scoring": pN_("adapt_or_die header", " (scoring: {scoring})."),
        "adapt_or_die.mats_down": pN_("adapt_or_die header", " {n} mats face down."),
        "adapt_or_die.board": pN_("adapt_or_die board, screen-reader label", "Board: {board}"),
        "adapt_or_die.space_exit": pN_("adapt_or_die board, tooltip", "Space {n}: a marked exit"),
        "adapt_or_die.space_centre": pN_("adapt_or_die board, tooltip", "Space {n}: the centre"),
        "adapt_or_die.space": pN_("adapt_or_die board", "Space {n}"),
        "adapt_or_die.place_short": pN_("adapt_or_die board, on an empty mat place", "place {n}"),
        "adapt_or_die.no_mat": pN_("adapt_or_die board, on an empty mat place", "no mat yet"),
        "adapt_or_die.place_empty_title": pN_(
            "adapt_or_die board, tooltip",
            "Mat place {n}: empty; the first bug to exit here lays a mat",
        ),
        "adapt_or_die.place_title": pN_(
            "adapt_or_die board, tooltip",
            "Mat place {n}: {habitat} (habitat {number}). {about} Pressures: {pressures}. {why}",
        ),
        "adapt_or_die.place_named": pN_("adapt_or_die board, a choice", "Mat place {n}, {habitat}"),
        "adapt_or_die.place_empty": pN_("adapt_or_die board, a choice", "Mat place {n}, empty"),
        "adapt_or_die.bug": pN_("adapt_or_die board, screen-reader label", "{who}'s bug"),
        "adapt_or_die.caption": pN_(
            "adapt_or_die caption",
            "◆ marks an exit. A mat lies beside each exit once a bug has left the board there; its "
            "two fixed pressures are in bold with a star (*), the three from its randomizer card "
            "are not. Features and pressures run from 1 (least) to 5 (most).",
        ),
        "adapt_or_die.creatures_free": pN_("heading", "Creatures still free"),
        "adapt_or_die.creature_choice": pN_("adapt_or_die, a choice", "Creature {n}, {creature}"),
        "adapt_or_die.on_table": pN_("adapt_or_die table", "On the table: "),
        "adapt_or_die.offered": pN_("adapt_or_die table", "{habitat} niche"),
        "adapt_or_die.offered_spare": pN_("adapt_or_die table", "{habitat} niche (spare copy)"),
        "adapt_or_die.offered_card": pN_(
            "adapt_or_die table, a choice", "The {habitat} niche card"
        ),
        "adapt_or_die.gains": pN_(
            "adapt_or_die table",
            "{who} takes an adaptation card with the niche card of habitat {n}.",
        ),
        "adapt_or_die.offer": pN_(
            "adapt_or_die table", "{who} offers {other} the {give} for the {get}: {other} answers."
        ),
        "adapt_or_die.pool_label": pN_("screen-reader label", "Face-up adaptation cards"),
        "adapt_or_die.pool": pN_("adapt_or_die table", "Adaptation cards face up ({n}): "),
        "adapt_or_die.pool_card": pN_("adapt_or_die table, a choice", "Adaptation card {card}"),
        "adapt_or_die.your_creature": pN_("heading", "Your creature"),
        "adapt_or_die.no_creature": pN_("adapt_or_die player", " · no creature yet"),
        "adapt_or_die.home": pN_("adapt_or_die player", "home: habitat {n}"),
        "adapt_or_die.no_home": pN_("adapt_or_die player", "no home habitat"),
        "adapt_or_die.creature_line": pN_(
            "adapt_or_die player", " · {creature} (creature {n}, {home}) · unfit now {unfit}"
        ),
        "adapt_or_die.bug_now": pN_(
            "adapt_or_die player, screen-reader label", "{who}'s {creature} now: {features}"
        ),
        "adapt_or_die.bug_cards": pN_(
            "adapt_or_die player, screen-reader label", "; adaptation cards {cards}"
        ),
        "adapt_or_die.niches": pN_("adapt_or_die player", "Niches: "),
        "adapt_or_die.none_yet": pN_("adapt_or_die player", "none yet"),
        "adapt_or_die.their_niche": pN_(
            "adapt_or_die player, a choice", "{who}'s {habitat} niche card"
        ),
        "adapt_or_die.cards": pN_("adapt_or_die player", "Adaptation cards: "),
        "adapt_or_die.their_card": pN_("adapt_or_die player, a choice", "{who}'s {card} card"),
        "adapt_or_die.scorecard_of": pN_(
            "adapt_or_die scorecard, screen-reader label", "Scorecard of {who}"
        ),
        "adapt_or_die.scorecard": pN_(
            "adapt_or_die scorecard", "Scorecard: habitat columns show pressure / score"
        ),
        "adapt_or_die.col_feature": pN_("adapt_or_die scorecard column", "Feature"),
        "adapt_or_die.col_start": pN_("adapt_or_die scorecard column", "Start"),
        "adapt_or_die.col_cards": pN_("adapt_or_die scorecard column", "Cards"),
        "adapt_or_die.col_now": pN_("adapt_or_die scorecard column", "Now"),
        "adapt_or_die.col_habitat_title": pN_(
            "adapt_or_die scorecard, tooltip", "Habitat {n}: pressure / score"
        ),
        # Translators: a column for habitat {n}; keep it very short ("H" for habitat)
        "adapt_or_die.col_habitat": pN_("adapt_or_die scorecard column", "H{n}"),
        "adapt_or_die.col_total": pN_("adapt_or_die scorecard column", "Total"),
        "adapt_or_die.habitat_score": pN_(
            "adapt_or_die scorecard", "Habitat score (over 8: extinct ✝)"
        ),
        "adapt_or_die.extinct": pN_("adapt_or_die scorecard, tooltip", "extinct"),
        "adapt_or_die.final": pN_("adapt_or_die caption", "Final scores: "),
        "adapt_or_die.final_seat": pN_(
            "adapt_or_die caption", "{who} {total} unfit, {extinct} extinct, best in {best}"
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
