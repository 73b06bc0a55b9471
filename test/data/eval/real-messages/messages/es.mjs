// Spanish messages (format: see en.mjs). "N ambientes" (Argentina) counts the living room: it is
// read as exactly N−1 bedrooms (README, "Additions to the conventions").
const sale = 'for_sale';
const rent = 'for_rent';

export const ES = [
  {
    id: 'es-inmobot-budget',
    setting: 'Spanish',
    assembled: 'a query of one bot’s test cases, with a greeting, "show me more" and a goodbye from two other bots’ Spanish training data',
    turns: [
      ['hola', 'monoceros', { small: true, noAnswer: false }],
      ['Busco propiedades para comprar por menos de USD 200,000', 'inmobotCases', { search: { sale, maxPrice: 200000 } }],
      ['Muestrame más', 'nilgroup', { more: { sale, maxPrice: 200000 }, after: [1] }, { followUp: true }],
      ['adiós', 'monoceros', { small: true, noAnswer: false }],
    ],
  },
  {
    id: 'es-inmobot-3amb',
    setting: 'Spanish',
    assembled: 'two test messages of one bot, the second read as a refinement of the first',
    turns: [
      ['Quiero alquilar algo de 3 ambientes', 'inmobotCases', { search: { sale: rent, minBeds: 2, maxBeds: 2 } }],
      ['Necesito algo con cochera y que acepte mascotas', 'inmobotCases', { search: { sale: rent, minBeds: 2, maxBeds: 2, features: { garage: true, pets: true } } }, { followUp: true }],
      ['hasta luego', 'monoceros', { small: true, noAnswer: false }],
    ],
  },
  {
    id: 'es-century21',
    setting: 'Auto',
    assembled: 'the customer line of a brokerage assistant’s conversation guide, then greetings from a Spanish bot’s training data',
    turns: [
      ['buenos días', 'monoceros', { small: true, noAnswer: false }],
      ['Hola, estoy interesado en un apartamento en Nashville con tres habitaciones y un presupuesto de dos millones.', 'century21',
        { search: { city: 'Nashville', sale, kinds: 'APT', minBeds: 3, maxPrice: 2000000 } },
        { original: 'Hola, estoy interesado en un apartamento en el sur de Cali con tres habitaciones y un presupuesto de dos millones.', changes: ['"el sur de Cali" → "Nashville"'] }],
      ['Quiero más', 'nilgroup', { more: { city: 'Nashville', sale, kinds: 'APT', minBeds: 3, maxPrice: 2000000 }, after: [1] }, { followUp: true }],
      ['chao', 'monoceros', { small: true, noAnswer: false }],
    ],
  },
  // Single messages.
  { id: 'es-inmobot-palermo', setting: 'Spanish', turns: [['Busco un departamento de 2 ambientes en Portland para alquilar', 'inmobotCases',
    { search: { city: 'Portland', sale: rent, kinds: 'APT', minBeds: 1, maxBeds: 1 } },
    { original: 'Busco un departamento de 2 ambientes en Palermo para alquilar', changes: ['barrio Palermo → Portland'] }]] },
  { id: 'es-inmobot-depto', setting: 'Spanish', turns: [['Busco un depto 2 amb Tampa alquiler', 'inmobotCases',
    { search: { city: 'Tampa', sale: rent, kinds: 'APT', minBeds: 1, maxBeds: 1 } },
    { original: 'Busco un depto 2 amb Palermo alquiler', changes: ['Palermo → Tampa'] }]] },
  { id: 'es-inmobot-dos', setting: 'Spanish', turns: [['Departamento dos ambientes para alquilar en Raleigh', 'inmobotCases',
    { search: { city: 'Raleigh', sale: rent, kinds: 'APT', minBeds: 1, maxBeds: 1 } },
    { original: 'Departamento dos ambientes para alquilar en Palermo', changes: ['Palermo → Raleigh'] }]] },
  { id: 'es-inmobot-zona', setting: 'Spanish', turns: [['Quiero alquilar 2 ambientes zona Sacramento', 'inmobotCases',
    { search: { city: 'Sacramento', sale: rent, kinds: 'HOMES', minBeds: 1, maxBeds: 1 } },
    { original: 'Quiero alquilar 2 ambientes zona Palermo', changes: ['Palermo → Sacramento'] }]] },
  { id: 'es-inmobot-amb', setting: 'Spanish', turns: [['2 amb Nashville alquiler', 'inmobotCases',
    { search: { city: 'Nashville', sale: rent, kinds: 'HOMES', minBeds: 1, maxBeds: 1 } },
    { original: '2 amb Palermo alquiler', changes: ['Palermo → Nashville'] }]] },
  { id: 'es-inmobot-300', setting: 'Spanish', turns: [['Busco propiedades para comprar por menos de USD 300.000', 'inmobotProposal', { search: { sale, maxPrice: 300000 } }]] },
  { id: 'es-rialtor-dolar', setting: 'Spanish', turns: [['¿Cuál es el precio del dólar blue hoy en Argentina?', 'rialtor', { honest: true }]] },
  { id: 'es-rialtor-tendencias', setting: 'Spanish', turns: [['¿Cuáles son las tendencias del mercado inmobiliario en Buenos Aires 2024?', 'rialtor', { honest: true }]] },
  { id: 'es-rialtor-zonas', setting: 'Spanish', turns: [['¿Qué zonas de CABA tienen mayor crecimiento inmobiliario?', 'rialtor', { honest: true }]] },
  { id: 'es-rialtor-m2', setting: 'Spanish', turns: [['¿Cuál es el precio promedio del m² en Palermo?', 'rialtor', { honest: true }]] },
  { id: 'es-rialtor-ley', setting: 'Spanish', turns: [['¿Hubo cambios recientes en la ley de alquileres?', 'rialtor', { honest: true }]] },
  { id: 'es-rialtor-escritura', setting: 'Spanish', turns: [['¿Cuáles son los gastos de escrituración para una propiedad de $180.000 USD en Buenos Aires?', 'rialtor', { honest: true }]] },
  { id: 'es-rialtor-alquileres', setting: 'Spanish', turns: [['¿Cómo está el mercado de alquileres en Argentina?', 'rialtor', { honest: true }]] },
  { id: 'es-monoceros-tardes', setting: 'Spanish', turns: [['buenas tardes', 'monoceros', { small: true, noAnswer: false }]] },
  { id: 'es-monoceros-quetal', setting: 'Spanish', turns: [['qué tal?', 'monoceros', { small: true, noAnswer: false }]] },
  { id: 'es-monoceros-nosvemos', setting: 'Spanish', turns: [['nos vemos', 'monoceros', { small: true, noAnswer: false }]] },
];
