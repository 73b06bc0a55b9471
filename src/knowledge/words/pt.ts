// Portuguese words of the knowledge search (types.ts says what each list is for).
import type { KnowledgeWords } from './types.ts';

export const pt = {
  stop:
    'o os um uns umas e ou mas do da dos das no na nas em com sem sao foi esta este esse essa isso ' +
    'onde quanto quantos quantas meu minha meus minhas seu sua seus suas voce voces eu eles lhe ha tem ' +
    'tenho temos muito mais menos tambem posso pode podem quero ao aos pra pro vou vai uma',
  filler:
    'marido esposa poder gostaria preciso queria obrigado obrigada ola precisa precisam ' +
    // words that only hold a sentence together (pronouns, auxiliaries, "after", "until"), not in the stop words
    'sou somo estou estamo fazemo fazer quai qual depoi ate aqui ai ja fica ficar ser ter ' +
    // contractions ("numa", "pelo"), "who", "other", asides
    'numa num nuns numas pelo pela pelos pelas quem outra outro outros outras cada enquanto porque entao agora so somente apenas ainda alguem alguma algum coisa mim tipo quiser querer',
  related: {
    lose: 'perdi perdido perdida perder',
    manager: 'gerente gerentes',
    claim: 'sinistro sinistros',
    flood: 'inundacao enchente enchentes alagamento',
    request: 'pedido pedidos solicitacao',
    before: 'antes cedo antecipado antecipada',
    back: 'retornar retornam voltar retorno',
    condition: 'estado condicao',
    form: 'formulario',
    during: 'durante',
    abroad: 'exterior',
    closing: 'assinar fechamento',
    walkthrough: 'vistoria',
    provide: 'fornecer fornece fornecedor',
    minimum: 'minimo minima',
    downPayment: 'entrada',
    satisfied: 'satisfeito insatisfeito contente descontente satisfacao',
    tenant: 'aluguel alugar alugado alugada locacao locatario inquilino morador',
    cancel: 'cancelar cancelamento rescindir rescisao encerrar',
    message: 'recado mensagem',
    deadline: 'prazo prazos cronograma',
    referral: 'indicar indicacao indicado parente',
    handle: 'cuida cuidam cuidar responsavel',
    send: 'mandar mando enviar envio escrever',
    responsible: 'responsavel encarregado encarregada',
    lock: 'fechadura fechaduras chaveiro',
    deduct: 'descontam descontar deduzir retem',
  },
  means: {
    notice: 'aviso avisar',
    repair: 'vazando vazamento vaza aquecedor',
    home: 'imovel imoveis propriedade',
    minimum: 'requisito exigencia cumprir',
    bill: 'cobra cobram cobrar cobranca',
    emergency: 'urgente inundacao alagamento estourou estourado',
    enter: 'entram entrar',
    deadline: 'datas',
    relative: 'irmao irma cunhado cunhada primo prima tio tia sobrinho sobrinha pais mae pai filho filha sogro sogra',
    upfront: 'adiantado',
    fee: 'despesa despesas',
  },
  own: {},
  verbEndings: 'ando endo indo aram eram iram amos emos imos am',
  vague: 'qualquer',
  phrases: { 'a cargo': 'responsavel', 'boa tarde': '', 'boa noite': '', 'bom dia': '' },
  when: 'primavera verao outono inverno janeiro fevereiro marco abril maio junho julho agosto setembro outubro novembro dezembro',
  asksWhere: '\\bonde\\b',
  asksWho: '\\b(?:quem|algu[eé]m)\\b',
  asksHowMuch: '\\bquanto\\b',
} satisfies KnowledgeWords;
