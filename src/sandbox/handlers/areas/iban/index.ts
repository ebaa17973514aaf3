// POST /ibans (no space): IBAN details lookup.
import { ok } from '../../../context';
import { defineHandlers } from '../../registry';
import { bodyObject } from '../support';
import { lookupIban } from './lookup';

defineHandlers({
  lookupIban: (req) => ok(lookupIban(String(bodyObject(req).iban ?? ''))),
});
