// Words that mean the same to a visitor asking about a brokerage, across English, Spanish,
// French and Portuguese: a question's words are searched together with their equivalents, so that "¿cuánto
// cobran de comisión?" finds a fee schedule written in English, and "can I bring my dog?" a
// passage about pets. Query-side only: the index keeps the brokerage's own words.
//
// A small hand-made list rather than a translation model or a thesaurus package: Parlor runs
// offline, and what a brokerage's visitors ask about (hours, fees, pets, rentals, showings,
// agents, neighborhoods, deposits, repairs) is a small, stable vocabulary. Words with another
// meaning in another of the languages are left out ("chat", French for cat; "location", French
// for a rental and English for a place).
import { termsOf } from './terms.ts';

/** Each line: words that stand for one another (the first is the English one). */
const GROUPS = [
  'fee charge cost commission percentage percent porcentaje pourcentage tarifa comision cargo costo cuesta cobran cobrar honorario frais tarif cout coute honoraire taxa custo custa cobram cobra comissao honorarios',
  'pet dog cat animal mascota perro gato chien animaux cachorro cachorros cao caes animais estimacao',
  'hour schedule open opening horario hora abre abren abrir abierto horaire heure ouvert ouvre ouvrez ouvrir ouverture funcionamento expediente aberto abrem',
  'closed close cerrado cierra cierran ferme fermeture fechado fecha fecham',
  'office agency oficina bureau agence escritorio agencia',
  'address located street direccion ubicada ubicacion calle adresse situe rue endereco localizado localizacao rua',
  'rent rental renting lease tenant renta rentar alquiler alquilar arriendo arrendamiento inquilino louer loyer locataire bail aluguel alugar alugado alugada locacao locatario',
  'apply application applicant solicitud solicitar aplicar candidature dossier postuler inscricao cadastro ficha',
  'buy buyer buying purchase comprar comprador compra compran compramos acheter acheteur achat achetez achetons comprador compramos',
  'sell seller selling sale vender vendedor venta venden vendemos vendre vendeur vente vendez vendons vendent venda vendemos',
  'agent realtor broker agente corredor asesor courtier conseiller corretor corretora',
  'phone call telephone number line telefono llamar numero linea appeler appel telefone ligar ligam',
  'email mail correo courriel',
  'showing tour visit viewing visita visitar recorrido visite visiter visitar',
  'appointment book booking reserve cita reservar agendar rendez reserver agendar agendamento marcar',
  'cancel cancellation cancelar annuler annulation cancelamento terminate termination rescindir rescisao resilier resiliation',
  'move moving relocate relocation mudanza mudar mudarse reubicacion demenager demenagement mudanca mudando mudar',
  'deposit deposito depot caution caucao',
  'founded founder established started since fundada fundador fundo desde existe fonde fondateur depuis',
  'team staff equipo personal equipe',
  'company brokerage firm realty empresa compania inmobiliaria entreprise societe compagnie imobiliaria',
  'neighborhood neighbourhood area district vecindario barrio colonia zona quartier secteur bairro regiao',
  'mortgage loan lender bank hipoteca prestamo prestamista banco hypotheque pret preteur banque financiamento emprestimo',
  'warranty guarantee garantia garantie',
  'repair maintenance fix broken reparacion reparar mantenimiento arreglar reparation entretien conserto consertar consertos reparo reparos manutencao',
  'late overdue tarde atraso retraso retard atraso atrasado atrasar',
  'month monthly mes mensual mensualidad mois mensuel mensal',
  'free complimentary gratis gratuito gratuita gratuit gratuite gratuita',
  'valuation estimate appraisal worth value valor vale valen valuacion avaluo tasacion estimation evaluation valeur vaut avaliacao',
  'complaint complain queja reclamo quejarse plainte reclamation reclamacao queixa',
  'language speak idioma hablan hablar habla langue parler parle parlez lingua falar fala falam',
  'spanish espanol espagnol espanhol',
  'french frances francais',
  'english ingles anglais',
  'student university college campus estudiante universidad etudiant universite',
  'furnished furniture amueblado amueblada meuble meublee mobiliado mobiliada mobilada',
  'inspection inspector inspect inspeccion inspeccionar inspecter vistoria inspecao',
  'renewal renew renovacion renovar renouvellement renouveler renovacao',
  'management manage administracion administrar gestion gerer administracao administrada administrado gestao',
  'land ranch acreage terreno rancho terrain',
  'owner landlord dueno propietario proprietaire dono',
  'insurance seguro assurance',
  'notary notario notarizar notaire cartorio tabeliao',
  'workshop class seminar taller clase curso atelier cours',
  'saturday sabado samedi',
  'sunday domingo dimanche',
  'monday lunes lundi',
  'tuesday martes mardi',
  'wednesday miercoles mercredi',
  'thursday jueves jeudi',
  'friday viernes vendredi',
  'weekday weekdays',
  'night noche nuit noite',
  'emergency urgencia emergencia urgence emergencia',
  'credit score credito puntaje',
  'historic history historico historique',
  'report reporte informe rapport',
  'market mercado marche',
  'review resena avis',
  'home house housing casa vivienda hogar maison logement domicile moradia lar',
  'property propiedad inmueble propriete imovel imoveis propriedade',
  'rule regulation regla reglamento norma regle reglement',
  'people person adult persona adulto personne adulte gens pessoa pessoas',
  'live living reside vivir viven habitar vivre habiter morar moro morando',
  'approval approve permission permit authorization autorizacion permiso aprobacion autorisation permis approbation aprovacao aprovar aprovado aprovam autorizacao permissao',
  'change modify alter cambiar cambio modificar modifier changer changement',
  'reschedule postpone rescheduling reprogramar posponer decaler reporter',
  'work works working trabajar trabajan trabaja travailler travaillent travaille trabalhar trabalho',
  'tomorrow demain',
  'morning matin',
  'outside exterior facade fachada exterieur',
  'vacant empty vide vacio vacia desocupado desocupada inoccupe',
  'self alone seul seule',
  'app appli tool herramienta outil',
  'online website web internet sitio',
  'write written escribir escribo escriba escribe ecrire ecrivez ecris',
  'credit union cooperativa cooperative',
  'document paperwork paper documento papeles papier documentos papelada',
  'recommend suggest recomendar recomiendan recomienda sugerir recommander recommandez suggerer',
  'day dia jour',
  'text texto sms message mensaje texter',
  'main principal principale primary',
  'closing escrow title cierre firma escritura signature',
  'community charity donate donation volunteer comunidad caridad donar voluntario communaute association benevole',
  'offer oferta offre',
  'compare comparison comparar comparacion comparer comparaison',
  'summer verano',
  'winter invierno hiver',
  'spring primavera printemps',
  'autumn fall otono automne',
  'storm monsoon rain tormenta lluvia monzon orage pluie mousson',
  'year yearly annual ano anual annee annuel anual',
  'week weekly semana semaine',
  'family familia famille',
  'school escuela ecole escola',
  'pool piscina piscine',
  'photo photograph photographer picture foto fotos fotografia fotografo photographe',
  'roof techo toit',
  'parking estacionamiento stationnement',
  'military army veteran militar ejercito militaire armee exercito',
  'utility utilities service servicio servicios servico servicos',
  'electricity electric electricidad luz electricite energia eletricidade',
  'water agua eau',
  'income earn salary ingreso ingresos ganar sueldo salario revenu revenus gagner salaire renda ganhar',
  'cosigner guarantor aval avalista fiador garant',
  'cash efectivo especes dinheiro',
  'pay payment paid pago pagar paiement payer pagamento',
  'key llave cle chave',
  'notice aviso preavis',
  'roommate companero colocataire',
  'hold holding apartar retener garder segurar seguram',
  'penalty fine multa penalidad amende',
  'bill invoice factura facture conta',
  'discount descuento reduction rabais desconto',
  'requirement criteria criterion requisito criterio critere exigence',
  'contract agreement contrato contrat acuerdo convenio',
  'exemption exempt exencion exento exoneration exonere isencao isento',
  'smoke smoking fumar fumer fumeur fumo',
  'sublet sublease airbnb subarrendar subarriendo subalquilar sublocar sublocacao',
  'tax taxes impuesto impot imposto',
  'protest appeal dispute protesta protestar apelar contester contestation recorrer',
  'hoa dues',
  'lawn grass mow mowing yard landscaping pasto cesped gazon pelouse grama gramado',
  'charger charging recarga recharge carregador',
  'car vehicle coche carro voiture auto',
  'auction foreclosure foreclosed subasta remate enchere leilao',
  'transfer orders pcs transferencia traslado mutation',
  'leave vacate move out desocupar salir quitter sair',
  'message voicemail recado mensagem',
  'payout payouts proceeds disbursement',
  'surcharge recargo majoration acrescimo',
  'enter access entrar acceder entrer acceder acessar lockbox',
] as const;

/**
 * A question's word answered by other words, one way: "how long", "¿cuánto tiempo?", "combien de
 * temps dure…" by a duration ("40 minutes", "48 hours", "12 months"); "¿qué día?" by a weekday. A passage about a month is not thereby about length.
 */
const ANSWERED_BY = [
  [
    'long length duration last lasts dure dura duran duracion duree tiempo temps',
    'minute hour day week month year minuto hora dia semana mes ano heure jour semaine mois annee',
  ],
  [
    'day dia jour',
    'monday tuesday wednesday thursday friday saturday sunday lunes martes miercoles jueves viernes sabado domingo lundi mardi mercredi jeudi vendredi samedi dimanche',
  ],
] as const;

const EQUIVALENTS = new Map<string, Set<string>>();
for (const line of GROUPS) {
  const words = [...new Set(line.split(/\s+/).flatMap((w) => termsOf(w)))];
  for (const w of words) {
    const set = EQUIVALENTS.get(w) ?? new Set<string>();
    for (const other of words) set.add(other);
    EQUIVALENTS.set(w, set);
  }
}

for (const [asked, answers] of ANSWERED_BY) {
  const more = answers.split(/\s+/).flatMap((w) => termsOf(w));
  for (const w of asked.split(/\s+/).flatMap((x) => termsOf(x))) {
    EQUIVALENTS.set(w, new Set([...(EQUIVALENTS.get(w) ?? [w]), ...more]));
  }
}

/** Every word of the glossary. */
export const GLOSSARY_WORDS: readonly string[] = [...EQUIVALENTS.keys()];

/** The word and the words that stand for it (itself only when the list has none). */
export function equivalentsOf(term: string): Set<string> {
  return EQUIVALENTS.get(term) ?? new Set([term]);
}
