/** The draft key of the composer of the pane (tab) whose draft key is `key`. */
export const composerKey = (key: string): string => `${key}#compose`
