"""Sync or Swim at the table: its table logic (:mod:`.table`), its view payload and
commands (:mod:`.view`), the view builders (:mod:`.views`), resuming after a power cut
(:mod:`.resume`), its staff tools (:mod:`.staff`) and the simulated players the
developer panel and demos drive (:mod:`.driver`)."""
