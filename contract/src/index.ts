export * from './api.ts';
export * from './schemas.ts';
export * from './ws.ts';
export * from './rules.ts';
export * from './messages.ts';
export * from './error-map.ts';
export * from './errors.ts';
export * as fields from './fields.ts';
export * as forms from './forms.ts';
