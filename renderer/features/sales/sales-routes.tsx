import { Navigate, Route, Routes, useNavigate, useParams } from 'react-router';
import { idListParam, saleIdParam } from '../../components/hooks/route-params';
import { InvoiceA4 } from '../../components/domain/printing/invoice-a4';
import { CartPage } from './cart-page';
import { ShiftPage } from './shift-page';

/**
 * `Sales`, `Sales/overtime/<kid ids>` (the till with what those kids owe for overtime), `Sales/shift`
 * (the cash-up), and `Sales/<sale id>/print`: the A4 invoice of a sale just made, open to a cashier
 * whose role does not read the invoice list (the server answers them their own sales only); a negative
 * id is a sale waiting in the station's offline queue, drawn from what the station printed.
 */
export default function SalesRoutes() {
  return (
    <Routes>
      <Route index element={<CartPage overtimeKids={[]} />} />
      <Route path="overtime/:kids" element={<OvertimeSale />} />
      <Route path="shift" element={<ShiftPage />} />
      <Route path=":saleId/print" element={<SaleInvoice />} />
    </Routes>
  );
}

function OvertimeSale() {
  return <CartPage overtimeKids={idListParam(useParams().kids)} />;
}

function SaleInvoice() {
  const id = saleIdParam(useParams().saleId);
  const navigate = useNavigate();
  return id ? <InvoiceA4 id={id} back={() => navigate('/Sales')} /> : <Navigate to="/Sales" replace />;
}
