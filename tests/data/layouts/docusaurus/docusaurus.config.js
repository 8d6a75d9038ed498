// The site's settings, as `docusaurus init` writes them (cut down).
module.exports = {
  title: 'Pocket Notes',
  url: 'https://example.org',
  baseUrl: '/',
  i18n: { defaultLocale: 'en', locales: ['en', 'ko'] },
};
