import { PriceEditor as PriceField } from '../../../components/price-editor';
import { setPrices, type PriceItem } from '../api/prices-api';

type Props = { item: PriceItem; onSaved: (message: string) => void };

/** One row of the Price list, priced in place: a lab test by its code, anything else by its name. */
export function PriceEditor({ item, onSaved }: Props) {
  const save = async (price: string) => {
    const code = item.kind === 'lab' ? item.key : null;
    await setPrices([{ kind: item.kind, name: item.name, code, price }]);
  };
  return <PriceField name={item.name} priceKobo={item.priceKobo} save={save} onSaved={onSaved} />;
}
