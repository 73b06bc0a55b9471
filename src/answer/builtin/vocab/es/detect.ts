// Spanish: telling the language: its names in the settings, its function words and letters.
import type { Vocabulary } from '../types.ts';
import { w } from '../words.ts';

export const detect = {
  settingNames: ['spanish', 'espanol', 'es'],
  detect: {
    words:
      w(`buenas buenos tardes noches dias tal tienen tiene casa casas venta alquiler alquilar busco buscando quiero con por
      menos habitaciones banos cuantas cuantos cuanto donde hay que hola precio una los las el del mas al y estoy propiedades
      propiedad departamento apartamento gracias para comprar cerca dormitorios recamaras piscina mes algo alguna algun
      muestrame ensename vendidas vendidos`),
    // "¿", "¡", "ñ" are Spanish only; "á", "í", "ó", "ú" Spanish or Portuguese.
    marks: [
      { chars: '¿¡ñ', weight: 100 },
      { chars: 'áíóú', weight: 1 },
    ],
  },
} satisfies Partial<Vocabulary>;
