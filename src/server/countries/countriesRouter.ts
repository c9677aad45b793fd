import express from 'express';
import { COUNTRY_FIELDS, type Country } from '../../shared/countries';
import { ISO_COUNTRIES } from './isoCountries';

type CountryField = (typeof COUNTRY_FIELDS)[number];

/**
 * GET /api/countries?fields=name,alpha2Code: the shape of the public countries service the spec calls,
 * served from the ISO 3166 list. `fields` picks the fields (default: all); an unknown one is a 400.
 */
export function countriesRouter(): express.Router {
  const router = express.Router();
  router.get('/', (req, res) => {
    const requested = typeof req.query.fields === 'string' ? req.query.fields.split(',').map((f) => f.trim()) : [];
    const unknown = requested.filter((field) => !(COUNTRY_FIELDS as readonly string[]).includes(field));
    if (unknown.length > 0 || (req.query.fields !== undefined && typeof req.query.fields !== 'string')) {
      res.status(400).json({ error: `Unknown fields: ${unknown.join(', ') || String(req.query.fields)}. Use ${COUNTRY_FIELDS.join(', ')}.` });
      return;
    }
    const fields = (requested.length > 0 ? requested : COUNTRY_FIELDS) as CountryField[];
    const body = ISO_COUNTRIES.map((country) =>
      Object.fromEntries(fields.map((field) => [field, country[field]])) as Partial<Country>,
    );
    res.set('Cache-Control', 'public, max-age=86400').json(body);
  });
  return router;
}
