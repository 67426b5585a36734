import { Route, Routes, useParams } from 'react-router';
import { idListParam } from '../../components/routeParams';
import { CartPage } from './CartPage';
import { ShiftPage } from './ShiftPage';

/** `Sales`, `Sales/overtime/<kid ids>` (the till with what those kids owe for overtime), and `Sales/shift` (the cash-up). */
export default function SalesRoutes() {
  return (
    <Routes>
      <Route index element={<CartPage overtimeKids={[]} />} />
      <Route path="overtime/:kids" element={<OvertimeSale />} />
      <Route path="shift" element={<ShiftPage />} />
    </Routes>
  );
}

function OvertimeSale() {
  return <CartPage overtimeKids={idListParam(useParams().kids)} />;
}
