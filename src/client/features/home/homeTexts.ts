/** The landing page's words (docs/storefront.md, Screens). The exact ones are exact. */
export const homeTexts = {
  downloadTitle: 'Free Download',
  downloadText: 'Download the game and start your adventure today!',
  downloadButton: 'Download',
  welcomeTitle: 'Welcome to the game',
  welcomeText: (gameName: string) =>
    `The realm of ${gameName} has lost its king, and dragons darken every sky. Take up the crown, raise your banners and gather your knights. Become the king your people need and slay the dragons that threaten your kingdom.`,
} as const;
