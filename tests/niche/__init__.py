"""Tests of the Niche card game (after Nagy and Krakowiak's *Niche*)."""
