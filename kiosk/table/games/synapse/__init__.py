"""Synapse at the table: its table logic (:mod:`.table`) and the view its screens read
(:mod:`.view`)."""
