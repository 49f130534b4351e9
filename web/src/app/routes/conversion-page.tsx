import { useParams } from 'react-router';
import { ConversionResultScreen } from '../../features/conversions/components/conversion-result-screen';

/** `/convert/:conversionId`: a conversion followed live, then its result and the codes to walk through. */
export function ConversionPage() {
  const { conversionId = '' } = useParams();
  return <ConversionResultScreen key={conversionId} conversionId={conversionId} />;
}
