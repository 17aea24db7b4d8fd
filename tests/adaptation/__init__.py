"""Tests of the Adaptation card game (issue 5)."""
