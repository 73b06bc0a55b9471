// Portuguese: telling the language: its names in the settings, its function words and letters.
import type { Vocabulary } from '../types.ts';
import { w } from '../words.ts';

export const detect = {
  settingNames: ['portuguese', 'portugues', 'pt'],
  detect: {
    words:
      w(`voce voces vc vcs tem temos aluguel alugar procuro procurando quero quais qual quantos quantas onde ola oi preco
      precos uma um os da dos das estou imovel imoveis obrigado obrigada perto meu minha seu sua gostaria pode posso tchau
      valeu bom boa tudo nao isso eu em na ao venda quartos banheiros ficam fim orcamento atraves segunda-feira
      terca-feira quarta-feira quinta-feira sexta-feira`),
    // "ã", "õ" are Portuguese only; the others Portuguese, Spanish or French ("à", "às" as in French).
    marks: [
      { chars: 'ãõ', weight: 3 },
      { chars: 'àâçêô', weight: 1 },
      { chars: 'áíóú', weight: 1 },
    ],
  },
} satisfies Partial<Vocabulary>;
