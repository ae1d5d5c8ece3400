// A component's style sheet is imported for its effect (the site build bundles it): no exports.
declare module '*.css';
