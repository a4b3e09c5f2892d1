import { Typography } from 'antd';
import type { DepositItem } from '../api/review-calls';

type Destination = DepositItem['source'];

/** A bank card or wallet: the holder and the account in full (to match a statement or to pay to). */
export function DestinationCell({
  destination,
  fullNumber,
}: {
  destination: Destination;
  fullNumber: string | null;
}) {
  if (destination.kind === 'wallet')
    return (
      <>
        <div>{destination.network} wallet</div>
        <Typography.Text className="id-number" copyable>
          {destination.address}
        </Typography.Text>
      </>
    );
  return (
    <>
      <div>{destination.holderName}</div>
      <Typography.Text className="id-number" copyable={fullNumber ? { text: fullNumber } : false}>
        {fullNumber ?? destination.accountNumber}
      </Typography.Text>
      <div>
        <Typography.Text type="secondary">
          {destination.ifsc}
          {destination.bankName ? ` · ${destination.bankName}` : ''}
        </Typography.Text>
      </div>
    </>
  );
}
