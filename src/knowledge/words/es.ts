// Spanish words of the knowledge search (types.ts says what each list is for).
import type { KnowledgeWords } from './types.ts';

export const es = {
  stop:
    'el la los las un una unos unas y o pero si de del al a en con por para sin sobre es son era fue ser estar ' +
    'esta este estos estas ese esa eso que cual quien cuando donde como cuanto cuanta cuantos cuantas mi mis tu ' +
    'tus su sus nuestro nuestra nuestros nuestras usted ustedes yo nosotros ellos ellas le les lo se me te nos ' +
    'hay tiene tienen tienes hace hacen muy mas menos tambien puedo puede pueden quiero',
  filler:
    'buenas buenos esposo esposa marido saber quisiera gustaria necesito algun alguna favor hola gracias hacer dar ' +
    'necesita necesitan ' +
    // dropping by ("quiero pasar a hablar con alguien"), not a word to correct into "pagar"
    'pasar ' +
    // words that only hold a sentence together (pronouns, auxiliaries, "here"), not in the stop words
    'soy somos estoy estamos tengo tenemos debo debe deben ya aqui alli algo nada todo todos cual cuales ' +
    // asides, "someone", "other", "same"
    'voy vas va vamos aparte ademas entonces mientras porque pues solo solamente ahora alguien mismo misma otro otra otros otras cada ' +
    // "first… then…", "how much would it be"
    'primero luego despues seria',
  related: {
    lose: 'perdi perdido perdida perder',
    manager: 'gerente gerentes',
    claim: 'reclamo reclamos',
    flood: 'inundacion inundaciones inundado inundable',
    request: 'solicitud solicitudes',
    before: 'antes temprano anticipado anticipada',
    back: 'devolver regresar volver',
    condition: 'estado condicion',
    form: 'formulario',
    during: 'durante',
    abroad: 'extranjero',
    closing: 'firmar',
    walkthrough: 'recorrido',
    provide: 'proveer proveedor suministra',
    minimum: 'minimo',
    downPayment: 'enganche',
    satisfied: 'contento descontento satisfecho insatisfecho satisfaccion',
    tenant: 'renta rentar alquiler alquilar arriendo arrendamiento inquilino residente arrendatario',
    cancel: 'cancelar rescindir terminar',
    message: 'recado mensaje',
    deadline: 'plazo plazos cronograma',
    referral: 'referir referido referidos pariente',
    handle: 'encarga encargan encargado encargada maneja manejan',
    send: 'mandar mando enviar envio escribir',
    responsible: 'responsable encargado encargada',
    lock: 'cerradura cerraduras cerrajero',
    deduct: 'descuentan descontar deducir deducen retienen',
  },
  means: {
    // a surcharge on the rent is its late fee ("¿de cuánto es el recargo?")
    late: 'recargo recargos',
    notice: 'avisar avisarles avisarle',
    repair: 'gotea fuga goteo calentador calefaccion descompuso descompuesto',
    home: 'propiedad inmueble',
    minimum: 'requisito cumplir cumple piden pide pedir requieren requiere exigen',
    bill: 'cobran cobrar cobra',
    emergency: 'urgente inundacion inundado reventado reventada',
    enter: 'entran',
    deadline: 'fechas',
    relative:
      'hermano hermana cunado cunada primo prima tio tia sobrino sobrina padres madre padre hijo hija suegro suegra',
    upfront: 'adelantado',
    fee: 'gasto gastos',
    // a visitor's pet in the diminutive
    pet: 'perrito perritos perrita perritas gatito gatitos gatita gatitas',
  },
  own: {},
  verbEndings: 'ando iendo aron ieron amos emos imos an er ir',
  vague: 'cualquier cualquiera',
  // A greeting is no question: "buenas tardes" asks nothing late.
  phrases: {
    'a cargo': 'responsable',
    'buenas tardes': '',
    'buenas noches': '',
    'buenos dias': '',
    // Talking with someone is no question of language ("necesito hablar con alguien de la oficina").
    'hablar con': '',
  },
  when: 'primavera verano otono invierno enero febrero marzo abril mayo junio julio agosto septiembre setiembre octubre noviembre diciembre',
  asksWhere: '\\bd[oó]nde\\b',
  asksWho: '\\b(?:qui[eé]n|alguien)\\b',
  asksHowMuch: '\\bcu[aá]nto\\b',
} satisfies KnowledgeWords;
