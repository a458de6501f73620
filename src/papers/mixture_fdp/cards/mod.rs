//! Result cards of the mixtures f-DP paper, one file per section (see `docs/cards.md`).
