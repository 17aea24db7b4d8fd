"""Every word the population widget's page shows, by key: ``population.js`` and ``flock.js`` hold
no English.

As for the game widget (:mod:`evo_lessons.widgets.page_strings`), Python sends the page its
words in the widget's language (the ``strings`` trait); the page looks each up with
``t("population.step", {...})``, filling the ``{placeholders}``. The sentences that change with
the run (title, status, the rule of a generation, the description, the table, the environment's
buttons) come ready-made in the view instead.
"""

from __future__ import annotations

from evo_lessons.i18n import Msg, pN_

#: key -> the English text with its context (the translator's hint)
POPULATION_PAGE: dict[str, Msg] = {
    # the generations' toolbar
    "population.generations": pN_("population, screen-reader label of a toolbar", "Generations"),
    "population.step": pN_("population button", "Step 1 generation"),
    "population.step10": pN_("population button", "Step 10 generations"),
    "population.play": pN_("population button", "Play"),
    "population.pause": pN_("population button", "Pause"),
    "population.speed": pN_("population label", "Generations per frame"),
    "population.seed": pN_("population label", "Seed"),
    "population.seed_placeholder": pN_("population, placeholder in the seed box", "random"),
    "population.new_run": pN_("population button", "New run"),
    # Translators: the seed is a number, shown as it is
    "population.seed_shown": pN_("population header", "seed {seed}"),
    # the population drawn (flock.js)
    "population.flock": pN_("population, screen-reader label", "The population now"),
    "population.flock_extinct": pN_("population", "Nobody is left: the population is extinct."),
    "population.flock_some": pN_(
        "population; {shown} is about 24, {size} the population's size",
        "{shown} individuals stand for all {size}: each kind as often as its share of the "
        "population.",
    ),
    "population.flock_all": pN_("population; {size} is 24 or fewer", "All {size} individuals."),
    "population.flock_kind": pN_(
        "population, screen-reader text; {traits} is a kind's traits such as 'Body 1 savannah, "
        "Colour 2 tropical forest', {share} and {fitness} whole percentages",
        "{shown} with {traits} ({share}% of the population; chance to be a parent {fitness}% of "
        "a perfect match's)",
    ),
    "population.flock_tooltip": pN_(
        "population, tooltip of one creature; {fitness} is a whole percentage",
        "{traits}; chance to be a parent {fitness}% of a perfect match's",
    ),
    "population.legend_drawn": pN_(
        "population legend; {trait} is a trait's name, {n} its place (1-5), {feature} how it is "
        "drawn such as 'stripes'",
        "{trait} (number {n} under each, {feature}): ",
    ),
    "population.legend": pN_(
        "population legend; {trait} is a trait's name, {n} its place",
        "{trait} (number {n} under each): ",
    ),
    "population.feature_0": pN_("population legend: how a trait is drawn", "body colour"),
    "population.feature_1": pN_("population legend: how a trait is drawn", "stripes"),
    "population.feature_2": pN_("population legend: how a trait is drawn", "legs"),
    "population.feature_3": pN_("population legend: how a trait is drawn", "eyes"),
    "population.feature_4": pN_("population legend: how a trait is drawn", "feelers"),
    "population.bar": pN_(
        "population legend",
        "The blue bar under each: its chance to be a parent, full for a perfect match.",
    ),
    # the environment and the settings
    "population.environment": pN_(
        "population heading", "Change the environment (from the next generation)"
    ),
    "population.new_environment": pN_("population label", "New environment"),
    "population.change": pN_("population button", "Change"),
    "population.settings": pN_("population heading", "Settings (from the next generation)"),
    "population.size": pN_("population slider", "Population size N"),
    "population.mutation_rate": pN_(
        "population slider", "Mutation rate μ (per trait per generation)"
    ),
    "population.no_mutation": pN_("population slider's value", "0 (none)"),
    "population.selection": pN_("population slider", "Selection strength"),
    "population.drift_only": pN_("population slider's value", "0 (drift only)"),
    "population.migration": pN_("population slider", "Migration between places"),
    "population.growth_box": pN_(
        "population checkbox",
        "Size set by fitness: a population that cannot keep up shrinks and can go extinct",
    ),
    "population.growth": pN_("population slider", "Offspring of a perfectly matched individual"),
    # the plots and the numbers
    "population.now": pN_("population heading", "Now"),
    # (lesson 06 calls it so: "The table and *Text description* beside the plots")
    "population.in_words": pN_("population heading", "Text description"),
    "population.png": pN_("population button", "Download plots (PNG)"),
    "population.table": pN_("population, a table under a plot", "Table of the plotted values"),
    "population.caption": pN_(
        "population, screen-reader caption; {title} is a plot's title, {generations} numbers",
        "{title}, at generations {generations}",
    ),
    "population.generation": pN_("population table column", "Generation"),
    "population.none_alive": pN_("population table cell", "none alive"),
    # the result code
    "population.result": pN_("population heading", "Result code of this run (to hand in)"),
    "population.your_name": pN_("label", "Your name"),
    "population.get_code": pN_("population button", "Get result code"),
    "population.code_label": pN_("population, screen-reader label", "Result code of this run"),
    "population.copy": pN_("button", "Copy"),
    "population.copied": pN_("status", "Copied: paste it where your teacher asks."),
    "population.selected": pN_("status", "Selected: press Ctrl+C (Cmd+C on a Mac) to copy it."),
    "population.code_for": pN_(
        "population status; {generation} is a number", "Result code for generation {generation}."
    ),
}


__all__ = ["POPULATION_PAGE"]
