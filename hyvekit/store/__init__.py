"""hyvekit.store: campaign records on tinydb — storage, locking, events, undo, export and
migrations — for any game: the adapters that replay a record's events through a game's rules
are given to :class:`~hyvekit.store.campaigns.CampaignStore` (:mod:`hyvekit.games`)."""
