// Internationalization extras: the states of one country.
import { ok } from '../context';
import { notFound } from '../errors';
import { defineHandlers } from './registry';

defineHandlers({
  listStatesOfCountry: (req, sandbox) => {
    const code = req.params.countryCode.toUpperCase();
    if (!sandbox.store.get('RestCountry', code))
      throw notFound(`Country ${req.params.countryCode} does not exist.`);
    const states = sandbox.store.list('RestCountryState').filter((s) => s.countryCode === code);
    return ok(states.map((s) => sandbox.render('RestCountryState', s, req.expand)));
  },
});
