/** Replies carry links to our own site: a preview card of it under every message is noise. */
export const NO_PREVIEW = { link_preview_options: { is_disabled: true } };
