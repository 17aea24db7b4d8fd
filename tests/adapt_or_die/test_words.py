"""The words a lesson reads from Adapt or Die (habitats, creatures, features) speak the lesson's
language, and are the data's own English in English (lesson 04's tables and charts)."""

from evo_lessons.games.adapt_or_die.data import world
from evo_lessons.games.adapt_or_die.words import (
    creature_name,
    feature_word,
    habitat_name,
    habitat_short,
    habitat_why,
    home_name,
)
from evo_lessons.i18n import speaking


def test_in_english_the_words_are_the_data_as_it_is():
    w = world()
    with speaking("en"):
        for h in w.habitats:
            assert habitat_name(h.number) == h.name
            assert habitat_short(h.number) == h.short
            assert habitat_why(h.number) == h.why
        for c in w.creatures:
            assert creature_name(c.number) == c.name
            assert home_name(c.number) == (w.habitat(c.home).name if c.home else "none")
        assert [feature_word(f) for f in range(len(w.features))] == [
            f.name.lower() for f in w.features
        ]


def test_in_spanish_every_word_is_translated_and_the_order_kept():
    w = world()
    with speaking("es"):
        cave = w.habitats[0]
        assert habitat_name(cave.number) == "Cueva"
        assert len(habitat_why(cave.number)) == len(cave.fixed)
        for h in w.habitats:
            assert habitat_short(h.number) != h.short  # "CAVE" -> "CUEVA"
            assert all(s != e for s, e in zip(habitat_why(h.number), h.why, strict=True))
        assert home_name(w.creatures[-1].number) == "ninguno"  # the generic bug: no home
        assert home_name(w.creatures[0].number) == "Cueva"
