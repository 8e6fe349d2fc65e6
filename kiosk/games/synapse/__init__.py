"""Synapse: the rules engine (standard library only, no clock, no I/O)."""
